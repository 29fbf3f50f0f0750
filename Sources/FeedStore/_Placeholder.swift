// Placeholder so the package builds before this module's code lands; removed by that code.
