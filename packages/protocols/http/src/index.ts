/** @wirebench/protocol-http: plain HTTP requests described by their message, without a schema behind them. */
export { createHttpPlugin } from './plugin.js'
export { HTTP_METHOD, HTTP_SERVICE } from './types.js'
export type { HttpBody, HttpCallMessage, HttpFormPairs, HttpMultipartPart, HttpPluginOptions } from './types.js'
