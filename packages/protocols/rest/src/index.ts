/** Package entry point. */
export const packageName = '@wirebench/protocol-rest'
