/** Package entry point. */
export const packageName = '@wirebench/transport'
