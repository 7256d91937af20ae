/** The typed client of the workbench HTTP API: every call carries the session token and fails with an ApiError. */
import {
  SESSION_TOKEN_HEADER,
  type DiscoverRequest,
  type DiscoverResponse,
  type ExportRequest,
  type ExportResponse,
  type InvokeRequest,
  type InvokeResponse,
  type MethodDescriptionQuery,
  type MethodDescriptionResponse,
  type ProtocolsResponse,
  type ResponseValidation,
  type SchemaDocumentResponse,
  type UploadResponse,
  type UploadsResponse,
} from '@wirebench/core'
import { ApiError, problemFromResponse } from './api-error.js'

export interface ApiClientOptions {
  prefix: string
  getToken: () => string | null
  /** Told about every 401/403 so the app can show the "reopen the URL" notice once, wherever the call came from. */
  onSessionProblem?: (error: ApiError) => void
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  json?: unknown
  body?: Blob | ArrayBuffer
  signal?: AbortSignal
}

export interface InvokeOptions {
  /** Runs on the messages once variables are substituted, right before they are posted (typed form values). */
  finalizeMessages?: (messages: unknown[]) => unknown[]
  /** The pane the call comes from, whose saved request may set its own auth. */
  draftKey?: string
}

export interface ApiClient {
  protocols(signal?: AbortSignal): Promise<ProtocolsResponse>
  discover(request: DiscoverRequest, signal?: AbortSignal): Promise<DiscoverResponse>
  invoke(request: InvokeRequest, signal?: AbortSignal, options?: InvokeOptions): Promise<InvokeResponse>
  /** A code snippet for the call (`POST /api/export`), written by the plugin that would send it; sends nothing. */
  exportCall(request: ExportRequest, signal?: AbortSignal, options?: InvokeOptions): Promise<ExportResponse>
  upload(name: string, content: Blob): Promise<UploadResponse>
  uploads(): Promise<UploadsResponse>
  deleteUpload(name: string): Promise<void>
  /** The schema document a plugin keeps for a discovered URL (GraphQL SDL); `not_found` before discovery. */
  schema(protocol: string, url: string, signal?: AbortSignal): Promise<SchemaDocumentResponse>
  /** A discovered method with its messages (a very large document's methods are listed `deferred`, without them). */
  method(query: MethodDescriptionQuery, signal?: AbortSignal): Promise<MethodDescriptionResponse>
  /** The result of a large response's validation (`InvokeResult.validationPending`), answered once it is done. */
  validation(id: string, signal?: AbortSignal): Promise<ResponseValidation>
  /** Any other route (environments, token proxies): the same token, problem mapping and session-problem report. */
  request<T>(path: string, init?: RequestOptions): Promise<T>
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const headers = new Headers({ accept: 'application/json' })
    const token = options.getToken()
    if (token) headers.set(SESSION_TOKEN_HEADER, token)
    let body: BodyInit | undefined
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    } else if (init.body !== undefined) {
      headers.set('content-type', 'application/octet-stream')
      body = init.body
    }
    let response: Response
    try {
      response = await fetch(`${options.prefix}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body,
        signal: init.signal,
        credentials: 'same-origin',
      })
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error
      throw ApiError.fromUnknown(error)
    }
    if (!response.ok) {
      const error = await problemFromResponse(response)
      if (error.isSessionProblem) options.onSessionProblem?.(error)
      throw error
    }
    if (response.status === 204) return undefined as T
    return (await response.json()) as T
  }

  return {
    protocols: (signal) => request('/api/protocols', { signal }),
    discover: (body, signal) => request('/api/discover', { method: 'POST', json: body, signal }),
    invoke: async (body, signal, options) => {
      const messages = options?.finalizeMessages ? options.finalizeMessages(body.messages) : body.messages
      // The Request tab shows what was sent: the server answers it only when asked.
      return request('/api/invoke', { method: 'POST', json: { ...body, messages, includeSent: true }, signal })
    },
    exportCall: (body, signal, options) => {
      const messages = options?.finalizeMessages ? options.finalizeMessages(body.messages) : body.messages
      return request('/api/export', { method: 'POST', json: { ...body, messages }, signal })
    },
    upload: (name, content) =>
      request(`/api/openapi/upload?name=${encodeURIComponent(name)}`, { method: 'POST', body: content }),
    uploads: () => request('/api/uploads'),
    schema: (protocol, url, signal) =>
      request(`/api/schema?protocol=${encodeURIComponent(protocol)}&url=${encodeURIComponent(url)}`, { signal }),
    method: (query, signal) => request(`/api/method?${new URLSearchParams({ ...query }).toString()}`, { signal }),
    validation: (id, signal) => request(`/api/validations/${encodeURIComponent(id)}`, { signal }),
    deleteUpload: (name) => request(`/api/uploads/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    request,
  }
}
