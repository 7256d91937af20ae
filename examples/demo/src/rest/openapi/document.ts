/** The Bookshop OpenAPI 3.1 document, assembled from the per-tag path modules; served as JSON and YAML. */
import { attachmentPaths } from './attachments-paths.js'
import { authorPaths, categoryPaths } from './authors-paths.js'
import { bookPaths } from './books-paths.js'
import { catalogSchemas } from './catalog-schemas.js'
import { orderPaths, reviewPaths } from './commerce-paths.js'
import { commerceSchemas } from './commerce-schemas.js'
import { parameters, responses, securitySchemes } from './components.js'
import { diagnosticsPaths } from './diagnostics-paths.js'
import { diagnosticsSchemas } from './diagnostics-schemas.js'
import { sharedSchemas } from './shared-schemas.js'
import type { OpenApiDocument } from './types.js'

/** Every operation is served under this prefix; the document names it as a relative server URL. */
export const apiPrefix = '/api/v1'

export const openApiDocument: OpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Wirebench Demo Bookshop',
    version: '1.0.0',
    summary: 'A small bookshop that exercises everything the workbench renders.',
    description:
      'In-memory and reseeded on every start. Protected operations accept bearer `demo-token`, ' +
      'basic `demo`/`demo`, or the API key `demo-key` in `X-API-Key` or `?api_key=`.',
    contact: { name: 'Wirebench' },
    license: { name: 'MIT', identifier: 'MIT' },
  },
  servers: [{ url: apiPrefix, description: 'Relative to the document URL.' }],
  tags: [
    { name: 'Books', description: 'The catalogue.' },
    { name: 'Authors' },
    { name: 'Categories', description: 'A recursive tree.' },
    { name: 'Orders', description: 'Needs credentials.' },
    { name: 'Reviews' },
    { name: 'Attachments', description: 'Multipart uploads and binary downloads.' },
    { name: 'Auth' },
    { name: 'Echo', description: 'Reports the request back; used by tests.' },
    { name: 'Diagnostics' },
  ],
  paths: {
    ...bookPaths,
    ...authorPaths,
    ...categoryPaths,
    ...orderPaths,
    ...reviewPaths,
    ...attachmentPaths,
    ...diagnosticsPaths,
  },
  components: {
    schemas: { ...sharedSchemas, ...catalogSchemas, ...commerceSchemas, ...diagnosticsSchemas },
    parameters,
    responses,
    securitySchemes,
  },
}
