/** SSE-specific WorkbenchErrors: targets that are not event streams, bad call messages, unknown methods. */
import { WorkbenchError } from '@wirebench/core'

export function noServices(url: string, reason: string, hint?: string): WorkbenchError {
  return new WorkbenchError('no_services', `No event stream at ${url}: ${reason}.`, hint ? { hint } : {})
}

export function badMessage(reason: string): WorkbenchError {
  return new WorkbenchError('invalid_request', `The SSE call message is not valid: ${reason}.`, {
    hint: 'Send { method?: "GET" | "POST", body?, lastEventId?: string, reconnect?: boolean }.',
  })
}

export function unknownMethod(service: string, method: string): WorkbenchError {
  return new WorkbenchError('not_found', `${service}.${method} is not a method of an SSE service.`, {
    hint: 'Every SSE service has one method, subscribe.',
  })
}

export function notHttpUrl(url: string): WorkbenchError {
  return new WorkbenchError('invalid_request', `${url} is not an http(s) address; SSE streams are fetched over HTTP.`)
}
