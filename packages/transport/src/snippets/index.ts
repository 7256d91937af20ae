/** Code export of HTTP requests (`@wirebench/transport/snippets`): loaded only when a snippet is asked for. */
export { httpExportFormats, httpSnippet, isHttpExportFormat } from './http-snippets.js'
export type { HttpExportFormat } from './http-snippets.js'
export { toHarRequest } from './har.js'
export type { HarRequest, HarResult, PreparedHttpRequest } from './har.js'
export { exportHttpCall } from './export-http-call.js'
export type { HttpCallExport } from './export-http-call.js'
