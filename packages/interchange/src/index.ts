/** @wirebench/interchange: import of curl, Postman v2.1, Insomnia v4 and HAR into saved requests; Postman export. */
export { previewImport } from './preview-import.js'
export { exportPostmanCollection, toPostmanCollection } from './postman/export-postman.js'
export type { PostmanExport, PostmanExportOptions } from './postman/export-postman.js'
export type { RestOperation } from './postman/rest-as-http.js'
