/** A small real HTTP service whose operations answer awkwardly: HTML, XML, binary, 204, a huge header, a dead server. */
import { createServer, type Server } from 'node:http'

export interface OddTarget {
  documentUrl: string
  /** A document whose only server is a closed port, so every call fails at the transport level. */
  deadServerDocumentUrl: string
  /** An HTML page, as a mistyped discovery URL often returns. */
  htmlPageUrl: string
  longHeaderValue: string
  close: () => Promise<void>
}

const get = (operationId: string, summary: string, description?: string) => ({
  get: { operationId, summary, description, tags: ['odd'], responses: { 200: { description: 'ok' } } },
})

export async function startOddTarget(): Promise<OddTarget> {
  const longHeaderValue = 'v'.repeat(3000)
  let port = 0
  const document = (serverUrl: string, paths: Record<string, unknown>) =>
    JSON.stringify({ openapi: '3.0.3', info: { title: 'Odd', version: '1' }, servers: [{ url: serverUrl }], paths })
  const server: Server = createServer((request, response) => {
    const send = (type: string, body: string | Buffer, status = 200) => {
      response.statusCode = status
      if (type) response.setHeader('content-type', type)
      response.end(body)
    }
    switch (request.url ?? '') {
      case '/openapi.json':
        return send(
          'application/json',
          document(`http://127.0.0.1:${port}`, {
            '/html': get(
              'getHtml',
              'An HTML page',
              '<p>Returns <code>text/html</code>, see <a href="https://example.com/docs">the docs</a>.</p>',
            ),
            '/empty': get('getEmpty', 'No content'),
            '/long-header': get('getLongHeader', 'A very long header value'),
            '/reports/monthly/by-region/summary': get('getRegionSummary', 'A long path'),
          }),
        )
      case '/dead.json':
        // Port 9 (discard) is closed on loopback.
        return send('application/json', document('http://127.0.0.1:9', { '/x': get('callDeadServer', 'Down') }))
      case '/page':
        return send('text/html', '<!doctype html><title>Home</title><h1>Welcome</h1>')
      case '/html':
        return send('text/html; charset=utf-8', '<h1 id="rendered">Hi</h1><img src=x onerror="document.title=1">')
      case '/empty':
        return send('', '', 204)
      case '/long-header':
        response.setHeader('x-long', longHeaderValue)
        return send('application/json', '{"ok":true}')
      default:
        return send('application/json', '{}')
    }
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const address = server.address()
  port = typeof address === 'object' && address ? address.port : 0
  const base = `http://127.0.0.1:${port}`
  return {
    documentUrl: `${base}/openapi.json`,
    deadServerDocumentUrl: `${base}/dead.json`,
    htmlPageUrl: `${base}/page`,
    longHeaderValue,
    close: () => new Promise((done) => server.close(() => done())),
  }
}
