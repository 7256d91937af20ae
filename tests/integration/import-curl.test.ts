/**
 * curl commands — examples from the curl manual and what Chromium's and Firefox's "Copy as cURL" produce — imported
 * through `POST /api/import/preview` and sent through `/api/invoke` (plain HTTP plugin) to a recording Fastify
 * server: the server sees the method, path, query, headers and body the command describes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportPreview } from '@wirebench/core'
import { startImportWorkbench } from '../servers/http/import-workbench.js'
import type { ImportWorkbench } from '../servers/http/import-workbench.js'

let wb: ImportWorkbench
let origin: string
beforeAll(async () => {
  wb = await startImportWorkbench()
  origin = wb.server.origin
})
afterAll(async () => {
  await wb?.close()
})

async function importOne(command: string) {
  const preview = await wb.preview('curl', command)
  expect(preview.requests).toHaveLength(1)
  const saved = preview.requests[0]!.request
  return { preview, saved, received: await wb.send(saved, preview) }
}

describe('curl commands from the curl manual', () => {
  it('sends -d pairs as one urlencoded POST body', async () => {
    const { received } = await importOne(`curl -d "name=curl" -d "tool=cmdline" ${origin}/form`)
    expect(received).toMatchObject({ method: 'POST', path: '/form', body: 'name=curl&tool=cmdline' })
    expect(received.headers['content-type']).toBe('application/x-www-form-urlencoded')
  })

  it('encodes --data-urlencode values as curl does', async () => {
    const { received } = await importOne(`curl --data-urlencode "name=John Doe (Junior)" ${origin}/names`)
    expect(new URLSearchParams(received.body).get('name')).toBe('John Doe (Junior)')
    expect(received.headers['content-type']).toBe('application/x-www-form-urlencoded')
  })

  it('sends -F fields as multipart parts and reports a file it could not read', async () => {
    const { preview, received } = await importOne(
      `curl -F "name=daniel" -F "shoesize=11" -F "photo=@photo.jpg;type=image/jpeg" ${origin}/upload`,
    )
    expect(received.method).toBe('POST')
    expect(received.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(received.parts).toEqual([
      { name: 'name', value: 'daniel' },
      { name: 'shoesize', value: '11' },
      { name: 'photo', filename: 'photo.jpg', contentType: 'image/jpeg', content: '' },
    ])
    expect(preview.report).toEqual([{ source: 'curl', message: expect.stringContaining('photo.jpg') as unknown }])
  })

  it('sends -X PUT with a JSON body and its Content-Type as written', async () => {
    const body = '{"name": "curl", "tags": ["http", "cli"]}'
    const { received } = await importOne(
      `curl -X PUT -H "Content-Type: application/json" -d '${body}' '${origin}/items/7?dry=1'`,
    )
    expect(received).toMatchObject({ method: 'PUT', path: '/items/7', query: [['dry', '1']], body })
    expect(received.headers['content-type']).toBe('application/json')
  })

  it('turns -G data into the query of a GET', async () => {
    const { received } = await importOne(`curl -G -d "q=wire bench" -d "page=2" ${origin}/search`)
    expect(received).toMatchObject({ method: 'GET', path: '/search', body: '' })
    expect(received.query).toEqual([
      ['q', 'wire bench'],
      ['page', '2'],
    ])
  })

  it('sends -u as Basic auth and -b as cookies, keeping both out of the saved request', async () => {
    const canary = 'canary-pw-8f3a1c'
    const { preview, saved, received } = await importOne(
      `curl -u daniel:${canary} -b "name=Daniel; flavour=choc" --compressed ${origin}/private`,
    )
    expect(received.headers.authorization).toBe(`Basic ${Buffer.from(`daniel:${canary}`).toString('base64')}`)
    expect(received.headers.cookie).toBe('name=Daniel; flavour=choc')
    expect(JSON.stringify(saved)).not.toContain(canary)
    expect(JSON.stringify(saved)).not.toContain('flavour=choc')
    expect(saved.auth).toEqual({
      mode: 'own',
      config: { type: 'basic', username: '${username}', password: '${password}' },
    })
    expect(preview.secrets).toMatchObject({ username: 'daniel', password: canary, cookie: 'name=Daniel; flavour=choc' })
    expect(preview.vars).toEqual({})
  })

  it('maps an Authorization: Bearer header to bearer auth with the token as a secret variable', async () => {
    const canary = 'canary-token-5d2e'
    const { preview, saved, received } = await importOne(
      `curl -H "Authorization: Bearer ${canary}" -H "X-Trace: 1" ${origin}/me`,
    )
    expect(received.headers.authorization).toBe(`Bearer ${canary}`)
    expect(received.headers['x-trace']).toBe('1')
    expect(JSON.stringify(preview.requests)).not.toContain(canary)
    expect(saved.auth).toEqual({ mode: 'own', config: { type: 'bearer', token: '${token}' } })
    expect(preview.secrets).toEqual({ token: canary })
  })

  it('keeps a literal ${ in a command as text, never as a variable', async () => {
    const { received } = await importOne(`curl -H 'X-Template: \${HOME}' -d 'price=\${amount}' ${origin}/literal`)
    expect(received.headers['x-template']).toBe('${HOME}')
    expect(received.body).toBe('price=${amount}')
  })
})

describe('several requests in one paste', () => {
  it('imports each URL of a command and each command of a script as a request of its own', async () => {
    const preview = await wb.preview('curl', `curl ${origin}/one ${origin}/two\ncurl -X DELETE ${origin}/three`)
    // Names are made fit to be saved as files (`GET /one` → `GET one`).
    expect(preview.requests.map((entry) => entry.request.name)).toEqual(['GET one', 'GET two', 'DELETE three'])
    const received = []
    for (const entry of preview.requests) received.push(await wb.send(entry.request, preview))
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /one', 'GET /two', 'DELETE /three'])
  })
})

describe('"Copy as cURL" from browsers', () => {
  it('imports Chromium’s bash format with $-quoted strings and -b cookies', async () => {
    const command = [
      `curl '${origin}/api/items?page=2&sort=name' \\`,
      `  -H 'accept: application/json, text/plain, */*' \\`,
      `  -H 'accept-language: en-GB,en;q=0.9' \\`,
      `  -H 'content-type: application/json' \\`,
      `  -b 'session=abc123; theme=dark' \\`,
      `  -H 'origin: ${origin}' \\`,
      `  -H 'priority: u=1, i' \\`,
      `  -H 'referer: ${origin}/app' \\`,
      `  -H 'sec-ch-ua: "Chromium";v="131", "Not_A Brand";v="24"' \\`,
      `  -H 'sec-fetch-mode: cors' \\`,
      `  -H 'user-agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' \\`,
      `  --data-raw $'{"name":"it\\'s","qty":2}'`,
    ].join('\n')
    const { preview, saved, received } = await importOne(command)
    expect(received).toMatchObject({
      method: 'POST',
      path: '/api/items',
      query: [
        ['page', '2'],
        ['sort', 'name'],
      ],
      body: `{"name":"it's","qty":2}`,
    })
    expect(received.headers).toMatchObject({
      accept: 'application/json, text/plain, */*',
      'accept-language': 'en-GB,en;q=0.9',
      'content-type': 'application/json',
      cookie: 'session=abc123; theme=dark',
      origin,
      priority: 'u=1, i',
      referer: `${origin}/app`,
      'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"',
      'sec-fetch-mode': 'cors',
      'user-agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    })
    expect(JSON.stringify(saved)).not.toContain('abc123')
    // The only note: where the cookie went.
    expect(preview.report).toEqual([
      { source: 'curl', message: expect.stringMatching(/cookie became \$\{cookie\}/) as unknown },
    ])
  })

  it('imports Firefox’s format: -X after the URL, every header with -H, a form body', async () => {
    const command =
      `curl '${origin}/login' -X POST ` +
      `-H 'User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' ` +
      `-H 'Accept: */*' -H 'Accept-Language: en-US,en;q=0.5' -H 'Accept-Encoding: gzip, deflate, br, zstd' ` +
      `-H 'Content-Type: application/x-www-form-urlencoded' -H 'Origin: ${origin}' -H 'Connection: keep-alive' ` +
      `-H 'Cookie: session=ff42' -H 'Sec-Fetch-Dest: empty' -H 'Sec-Fetch-Mode: cors' -H 'Priority: u=0' ` +
      `--data-raw 'user=ann&note=two+words'`
    const { saved, received } = await importOne(command)
    expect(received).toMatchObject({ method: 'POST', path: '/login', query: [], body: 'user=ann&note=two+words' })
    expect(received.headers).toMatchObject({
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      accept: '*/*',
      'accept-language': 'en-US,en;q=0.5',
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      cookie: 'session=ff42',
      'sec-fetch-dest': 'empty',
      'sec-fetch-mode': 'cors',
      priority: 'u=0',
    })
    // The workbench reads answers uncompressed: the copied Accept-Encoding is not kept.
    expect(saved.metadata).not.toHaveProperty('Accept-Encoding')
  })
})

describe('what cannot be imported', () => {
  const problem = async (format: string, content: string) => {
    const before = wb.server.received.length
    const res = await wb.app.inject({
      method: 'POST',
      url: '/api/import/preview',
      headers: wb.headers,
      payload: { format, content },
    })
    expect(wb.server.received.length).toBe(before)
    return { status: res.statusCode, body: res.json<{ detail?: string; hint?: string }>() }
  }

  it('answers text that is no curl command with a problem saying why, without quoting the text', async () => {
    const { status, body } = await problem('curl', 'wget --password=canary-wget https://example.com')
    expect(status).toBe(400)
    expect(body.detail).toMatch(/^The curl command could not be read: .*begin with "curl"/)
    expect(JSON.stringify(body)).not.toContain('canary-wget')
  })

  it('answers a format it does not know with a validation problem naming the field', async () => {
    const { status, body } = await problem('bruno', 'x')
    expect(status).toBe(400)
    expect(JSON.stringify(body)).toContain('format')
  })

  it('reports curl options it does not carry over', async () => {
    const preview: ImportPreview = await wb.preview('curl', `curl --retry 3 -k ${origin}/x`)
    expect(preview.report.map((item) => item.message).join('\n')).toMatch(/retry/)
    expect(preview.report.map((item) => item.message).join('\n')).toMatch(/-k/)
  })
})
