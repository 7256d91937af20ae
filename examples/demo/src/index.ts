/** Package entry point. */
export const packageName = '@wirebench/demo'
