/**
 * A recording reverse proxy on a loopback port: every request is forwarded to the target origin unchanged (its
 * answer streamed back, so event streams keep flowing) and kept with its exact method, URL, headers and body bytes.
 * The workbench and an exported snippet both go through it, and a test compares what each sent.
 */
import { createServer, request as httpRequest } from 'node:http'
import type { IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

export interface RecordingProxy {
  origin: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

export async function startRecordingProxy(targetOrigin: string): Promise<RecordingProxy> {
  const target = new URL(targetOrigin)
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: body.toString('utf8') })
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      upstream.on('error', () => res.destroy())
      res.on('close', () => upstream.destroy())
      upstream.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
