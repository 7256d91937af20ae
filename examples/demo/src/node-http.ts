/** Listening and closing for the demo services built on `node:http` (GraphQL, SSE, WebSocket). */
import type { IncomingMessage, Server } from 'node:http'
import type { StartServiceOptions } from './service-handle.js'

/** Listens on the requested interface (ephemeral port by default) and returns the `host:port` to put in URLs. */
export async function listenOn(server: Server, options: StartServiceOptions): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error): void => reject(error)
    server.once('error', fail)
    server.listen(options.port ?? 0, options.host, () => {
      server.off('error', fail)
      resolve()
    })
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('demo service is not listening on TCP')
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `${host}:${address.port}`
}

/** Stops accepting, cuts every open connection (streams included) and resolves once the server has closed. */
export async function closeServer(server: Server): Promise<void> {
  if (!server.listening) return
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeAllConnections()
  await closed
}

/**
 * The request target as a URL, or undefined when it does not parse (`GET //` does not): `new URL` throws, and a throw in
 * a request or upgrade listener would end the workbench process the demo runs in. Callers answer 400.
 */
export function requestUrl(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? '/', 'http://demo.invalid')
  } catch {
    return undefined
  }
}

export const badTargetMessage = 'The request target is not a valid path.'

/** Reads a request body up to `maxBytes`; undefined when it is larger (the caller answers 413). */
export async function readBody(request: AsyncIterable<Buffer>, maxBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += chunk.length
    if (size > maxBytes) return undefined
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
