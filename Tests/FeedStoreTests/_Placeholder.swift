// Placeholder so the package builds before this module's tests land; removed by them.
