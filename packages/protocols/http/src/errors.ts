/** HTTP-plugin WorkbenchErrors: discovery it never does, bad call messages, unknown methods, markers it cannot honour. */
import { WorkbenchError } from '@wirebench/core'
import { HTTP_METHOD, HTTP_SERVICE } from './types.js'

export function neverDiscovers(url: string): WorkbenchError {
  return new WorkbenchError('no_services', `The plain HTTP plugin lists no services at ${url}.`, {
    hint: 'Plain HTTP requests come from imports (curl, Postman, Insomnia, HAR) or saved requests; nothing is probed.',
  })
}

export function badMessage(reason: string): WorkbenchError {
  return new WorkbenchError('invalid_request', `The HTTP call message is not valid: ${reason}.`, {
    hint: 'Send { method?, url?, query?, headers?, body?: "text" | {text} | {json} | {form} | {multipart: [...]} }.',
  })
}

export function unknownMethod(service: string, method: string): WorkbenchError {
  return new WorkbenchError('not_found', `${service}.${method} is not a method of the plain HTTP plugin.`, {
    hint: `Address plain HTTP calls as service ${HTTP_SERVICE}, method ${HTTP_METHOD}.`,
  })
}

export function sigv4Unsupported(): WorkbenchError {
  return new WorkbenchError('unsupported', 'AWS SigV4 signing is not available for plain HTTP requests yet.', {
    hint: 'Send the call through an OpenAPI document (REST), or use another auth scheme for this request.',
  })
}
