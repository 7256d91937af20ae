/**
 * The official client's HttpClient, over undici through the transport's dispatchers: negotiate, long polls and POST
 * sends carry the call's TLS settings and resolve names through the guarded lookup, every address passes the outbound
 * policy, HTTP redirects are not followed (they would carry the headers elsewhere), and bodies are bounded. Negotiate
 * answers are read on the way (where a redirect leads, why an HTTP redirect failed) for what the call reports.
 */
import { AbortError, HttpClient, HttpError, HttpResponse, TimeoutError } from '@microsoft/signalr'
import type { HttpRequest } from '@microsoft/signalr'
import { WorkbenchError } from '@wirebench/core'
import { httpRequest } from '@wirebench/transport'
import { checkHeaders, checkTarget, headersFor } from './hub-wire.js'
import type { HubWire } from './hub-wire.js'
import { isNegotiate, negotiateRedirected, readAnswer } from './negotiate.js'

/** A GET that is not a negotiate is a long poll: it waits while the consumer is behind. */
const isPoll = (request: HttpRequest): boolean => request.method === 'GET'

export class WireHttpClient extends HttpClient {
  constructor(private readonly wire: HubWire) {
    super()
  }

  override async send(request: HttpRequest): Promise<HttpResponse> {
    const url = request.url ?? ''
    const { sameOrigin } = checkTarget(this.wire, url)
    if (isPoll(request)) await this.wire.gate.ready()
    const abort = new AbortController()
    const onAbort = (): void => abort.abort(new AbortError())
    if (request.abortSignal?.aborted === true || this.wire.signal.aborted) throw new AbortError()
    if (request.abortSignal) request.abortSignal.onabort = onAbort
    this.wire.signal.addEventListener('abort', onAbort, { once: true })
    let timedOut = false
    const timer =
      request.timeout !== undefined && request.timeout > 0
        ? setTimeout(() => {
            timedOut = true
            abort.abort(new TimeoutError())
          }, request.timeout)
        : undefined
    const headers: Record<string, string> = { ...headersFor(this.wire, sameOrigin, request.headers) }
    const content = request.content === '' ? undefined : request.content
    if (content !== undefined) {
      headers['Content-Type'] = typeof content === 'string' ? 'text/plain;charset=UTF-8' : 'application/octet-stream'
    }
    try {
      checkHeaders(this.wire, headers)
      const response = await httpRequest({
        url,
        method: request.method ?? 'GET',
        headers,
        ...(content !== undefined ? { body: typeof content === 'string' ? content : new Uint8Array(content) } : {}),
        dispatcher: sameOrigin ? this.wire.hubDispatcher : this.wire.foreignDispatcher,
        signal: abort.signal,
        maxResponseBytes: this.wire.maxMessageBytes,
        displayUrl: this.wire.displayUrl,
        clientCertificate: sameOrigin && this.wire.clientCertificate,
      })
      if (response.truncated) {
        throw new WorkbenchError(
          'payload_too_large',
          `The hub sent more than ${this.wire.maxMessageBytes} bytes at once.`,
        )
      }
      if (response.status >= 300 && response.status <= 399 && isNegotiate(request)) {
        // The client only sees a failed negotiate; this says where it pointed.
        this.wire.onError?.(negotiateRedirected(this.wire, response.status, response.headers['location']), true)
      }
      if (response.status < 200 || response.status > 299) {
        throw new HttpError(response.body.toString('utf8').slice(0, 512) || response.statusMessage, response.status)
      }
      if (isNegotiate(request)) this.wire.onNegotiated?.(readAnswer(url, response.body.toString('utf8')))
      const body =
        request.responseType === 'arraybuffer'
          ? response.body.buffer.slice(response.body.byteOffset, response.body.byteOffset + response.body.byteLength)
          : response.body.toString('utf8')
      return new HttpResponse(response.status, response.statusMessage, body as string | ArrayBuffer)
    } catch (error) {
      if (timedOut) throw new TimeoutError()
      if (abort.signal.aborted) throw new AbortError()
      if (error instanceof WorkbenchError) this.wire.onError?.(error)
      throw error
    } finally {
      clearTimeout(timer)
      if (request.abortSignal) request.abortSignal.onabort = null
      this.wire.signal.removeEventListener('abort', onAbort)
    }
  }

  override getCookieString(): string {
    return ''
  }
}
