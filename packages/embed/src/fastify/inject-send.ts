/** Calls to the Fastify host's own routes through `inject()`: the host's full request lifecycle, no socket, no port. */
import type { HostRequest, HostResponse } from '@wirebench/protocol-rest'
import type { FastifyInstance } from 'fastify'

function headerText(value: string | string[] | number | undefined): string {
  if (Array.isArray(value)) return value.join(', ')
  return value === undefined ? '' : String(value)
}

export function createInjectSend(app: FastifyInstance): (request: HostRequest) => Promise<HostResponse> {
  return async (request) => {
    const url = new URL(request.url)
    const response = await app.inject({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      // The Host the call was addressed to, as a network call would carry it.
      headers: { ...request.headers, host: url.host },
      ...(request.body === undefined ? {} : { payload: request.body }),
    })
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) headers[name.toLowerCase()] = headerText(value)
    return { status: response.statusCode, statusMessage: response.statusMessage, headers, body: response.rawPayload }
  }
}
