/** @wirebench/interchange: import of curl, Postman v2.1, Insomnia v4 and HAR into saved requests; Postman export. */
export { previewImport } from './preview-import.js'
export { toPostmanCollection } from './postman/export-postman.js'
