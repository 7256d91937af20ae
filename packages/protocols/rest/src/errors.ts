/** REST-specific WorkbenchErrors: the 'no services discovered' family and invoke preconditions. */
import { WorkbenchError } from '@wirebench/core'

/** What to do when the URL answered with something other than an OpenAPI document. */
export const documentPathHint =
  'Use the address of the OpenAPI document itself, often /openapi.json, /v3/api-docs or /swagger.json.'

/** The SPEC's 'no services discovered' message; the server reports it as an empty attempt for this URL. */
export function noServices(origin: string, reason: string, hint?: string): WorkbenchError {
  // The reason may be another error's message, which already ends its sentence.
  const sentence = reason.replace(/[.\s]+$/, '')
  return new WorkbenchError('no_services', `No services discovered at ${origin}: ${sentence}.`, hint ? { hint } : {})
}

export function missingServerUrl(target: string): WorkbenchError {
  return new WorkbenchError('invalid_request', `No server URL is known for ${target}.`, {
    hint: 'The document has no absolute server URL: set a server URL for this upload.',
  })
}

export function unknownMethod(target: string, service: string, method: string): WorkbenchError {
  return new WorkbenchError('not_found', `${service}.${method} is not an operation of ${target}.`, {
    hint: 'Discover the document again; it may have changed.',
  })
}
