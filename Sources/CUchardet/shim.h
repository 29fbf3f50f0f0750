#ifndef TIDINGS_CUCHARDET_SHIM_H
#define TIDINGS_CUCHARDET_SHIM_H
#include <uchardet/uchardet.h>
#endif
