/** The REST demo: the Bookshop app, its document and the starter used by `startDemo`. */
export { createRestDemoApp } from './app.js'
export type { RestDemoOptions } from './app.js'
export { demoCredentials } from './credentials.js'
export { apiPrefix, openApiDocument } from './openapi/document.js'
export { startRestDemo } from './server.js'
