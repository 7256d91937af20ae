/**
 * Code export of REST calls (`POST /api/export`), each snippet run with its real tool — curl and HTTPie (Debian),
 * python3 with requests (and httpx when installed), node for fetch, the built `wirebench call` — against a Fastify
 * app documented by @fastify/swagger that records what reaches it: the snippet's request must match, in method,
 * path, query, headers and body, the request the workbench itself sends for the same call. Secrets appear as
 * `${name}` unless the export includes them.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExportFormat, ExportRequest, ExportResponse, InvokeRequest } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { startFastifyApp } from '../servers/rest/fastify-app.js'
import type { FastifyFixture, Received } from '../servers/rest/fastify-app.js'
import { detectHttpx, runSnippet, tools } from '../servers/export/run-snippet.js'

const execFileAsync = promisify(execFile)

const CANARY = 'canary-9f3b7c1e-token'
const API_KEY = 'key-canary-51d2+/='

let fixture: FastifyFixture
let wb: StandaloneServer
let base: string
let configDir: string

const api = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token! },
    body: JSON.stringify(body),
  })

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'wb-export-'))
  ;[fixture, wb] = await Promise.all([
    startFastifyApp(),
    createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false }),
  ])
  base = await wb.listen()
  const discovered = await api('/api/discover', { urls: [fixture.jsonUrl] })
  expect(discovered.status).toBe(200)
  await detectHttpx()
})

afterAll(async () => {
  await wb?.close()
  await fixture?.close()
  await rm(configDir, { recursive: true, force: true })
})

function call(method: string, message: Record<string, unknown>, metadata: Record<string, string> = {}): InvokeRequest {
  return {
    protocol: 'rest',
    url: fixture.jsonUrl,
    service: method === 'upload' ? 'files' : 'pets',
    method,
    messages: [message],
    metadata,
  }
}

async function viaWorkbench(request: InvokeRequest): Promise<Received> {
  const before = fixture.received.length
  const response = await api('/api/invoke', request)
  expect(response.status).toBe(200)
  expect(fixture.received.length).toBe(before + 1)
  return fixture.received.at(-1)!
}

/** An export only writes text: the target must see nothing of it. */
async function exported(request: ExportRequest): Promise<ExportResponse> {
  const before = fixture.received.length
  const response = await api('/api/export', request)
  expect(fixture.received.length, 'requests the export sent').toBe(before)
  const body = (await response.json()) as ExportResponse
  expect(response.status, JSON.stringify(body)).toBe(200)
  return body
}

async function viaSnippet(format: ExportFormat, snippet: string, files?: Record<string, string>): Promise<Received> {
  const before = fixture.received.length
  await runSnippet(format, snippet, files, { WIREBENCH_HOME: configDir })
  expect(fixture.received.length, `${format} reached the server once`).toBe(before + 1)
  return fixture.received.at(-1)!
}

/** Headers every tool adds on its own (or sizes differently): not part of what the call set. */
const toolHeaders = new Set([
  'host',
  'connection',
  'content-length',
  'user-agent',
  'accept',
  'accept-encoding',
  'transfer-encoding',
  'accept-language',
  'sec-fetch-mode',
])

/**
 * The body's bytes count too, not only its parsed value (an `echo` adds a line break a JSON parser ignores, a
 * re-serialised JSON body differs in spacing and escapes); only multipart boundaries differ by tool.
 */
function expectSameRequest(snippet: Received, workbench: Received, format: ExportFormat, isMultipart = false): void {
  if (!isMultipart) {
    expect(snippet.headers['content-length'], 'body size').toEqual(workbench.headers['content-length'])
  }
  expect(snippet.rawJson, 'JSON body bytes').toBe(workbench.rawJson)
  expect(snippet.method).toBe(workbench.method)
  expect(snippet.url.split('?')[0]).toBe(workbench.url.split('?')[0])
  expect(snippet.query).toEqual(workbench.query)
  expect(snippet.params).toEqual(workbench.params)
  for (const [name, value] of Object.entries(workbench.headers)) {
    if (toolHeaders.has(name)) continue
    if (name === 'content-type' && isMultipart) {
      expect(String(snippet.headers[name])).toMatch(/^multipart\/form-data; boundary=/)
      continue
    }
    expect(snippet.headers[name], `header ${name}`).toEqual(value)
  }
  expect(snippet.body).toEqual(workbench.body)
}

const httpFormats: ExportFormat[] = ['curl', 'httpie', 'python-requests', 'python-httpx', 'javascript-fetch']

function available(format: ExportFormat): boolean {
  if (format === 'httpie' && !tools.httpie) {
    console.warn('HTTPie (`http`, Debian package httpie) is not installed: its snippets are not run.')
    return false
  }
  if (format === 'python-httpx' && !tools.httpx) {
    console.warn('python3 has no httpx module: the httpx snippets are checked as text only.')
    return false
  }
  return true
}

const secretHeaders = { Authorization: `Bearer ${CANARY}`, 'x-trace': 'trace-1' }
const apiKeyMarker = { __workbenchApiKeyQuery__: JSON.stringify({ name: 'api_key', value: API_KEY }) }
const variables = [
  { name: 'TOKEN', value: CANARY, isSecret: true },
  { name: 'API_KEY', value: API_KEY, isSecret: true },
]

const cases: Array<{
  name: string
  request: () => InvokeRequest
  isMultipart?: boolean
  files?: Record<string, string>
  formats: ExportFormat[]
}> = [
  {
    name: 'a GET with path, repeated query, a header parameter, a bearer token and an API key in the query',
    request: () =>
      call(
        'getPet',
        // An apostrophe in the query and a backslash in a header: fetch's URL and header literals must keep them.
        { id: 'a b/1', tags: ['x', "O'Brien"], limit: 5 },
        { ...secretHeaders, ...apiKeyMarker, 'x-path': 'C:\\dir' },
      ),
    formats: httpFormats,
  },
  {
    name: 'a JSON body',
    request: () =>
      // Non-ASCII text goes out as UTF-8 bytes, not as `\u` escapes or Latin-1.
      call(
        'createPet',
        { name: "Rex 'the dog'", age: 3, owner: { name: 'Zoë 🐕', emails: ['a@x.test'] } },
        secretHeaders,
      ),
    formats: [...httpFormats, 'wirebench'],
  },
  {
    // A JSON body's escapes must survive every target's string literals: fetch's single-quoted body, requests' dict.
    name: 'a JSON body whose strings hold quotes, backslashes, line breaks and a tab',
    request: () =>
      call(
        'createPet',
        { name: 'say "hi"\n\tC:\\new\\path \'q\' \\n', owner: { name: 'back\\slash', emails: ['line\r\nbreak'] } },
        secretHeaders,
      ),
    formats: [...httpFormats, 'wirebench'],
  },
  {
    name: 'a urlencoded body with repeated values',
    request: () => call('updateForm', { id: '9', name: 'Rex & co', tags: ['a', 'b'] }, secretHeaders),
    formats: [...httpFormats, 'wirebench'],
  },
  {
    name: 'a multipart body with a file part',
    request: () =>
      call(
        'upload',
        // A text part over two lines with a backslash: requests' dictionary literal must keep both.
        {
          file: { filename: 'notes.txt', data: Buffer.from('file contents').toString('base64') },
          note: 'hello\nC:\\dir',
        },
        secretHeaders,
      ),
    isMultipart: true,
    files: { 'notes.txt': 'file contents' },
    formats: ['curl', 'python-requests', 'python-httpx', 'wirebench'],
  },
]

describe.each(cases)('$name', ({ request, isMultipart, files, formats }) => {
  it.each(formats)('%s: the snippet sends what the workbench sends', async (format) => {
    const workbench = await viaWorkbench(request())
    const withSecrets = await exported({ ...request(), format, includeSecrets: true, variables })
    if (available(format))
      expectSameRequest(await viaSnippet(format, withSecrets.snippet, files), workbench, format, isMultipart)

    const masked = await exported({ ...request(), format, variables })
    expect(masked.snippet).not.toContain(CANARY)
    expect(masked.snippet).not.toContain(encodeURIComponent(API_KEY))
    expect(masked.snippet).toContain('${TOKEN}')
  })
})

describe('secrets', () => {
  it('writes a 2-character secret as its reference only where it is the value, not inside other text', async () => {
    const { snippet } = await exported({
      ...call('createPet', { name: 'ab', age: 3, owner: { name: 'about ab lab', emails: ['tab@x.test'] } }),
      format: 'curl',
      variables: [{ name: 'PIN', value: 'ab', isSecret: true }],
    })
    expect(snippet.match(/\$\{PIN\}/g), snippet).toHaveLength(1)
    expect(snippet).toContain('about ab lab')
    expect(snippet).toContain('tab@x.test')
  })

  it('writes a 2-character secret the request uses as its reference inside other text too', async () => {
    const { snippet } = await exported({
      ...call('createPet', { name: 'x-ab', age: 3, owner: { name: 'about', emails: ['tab@x.test'] } }),
      format: 'curl',
      variables: [{ name: 'PIN', value: 'ab', isSecret: true, isReferenced: true }],
    })
    expect(snippet).toContain('x-${PIN}')
    expect(snippet).not.toMatch(/x-ab/)
  })

  it('writes environment secrets the page did not list as references too', async () => {
    const response = await fetch(`${base}/api/environments`, { headers: { 'x-workbench-token': wb.token! } })
    const { revision } = (await response.json()) as { revision: string }
    const put = await fetch(`${base}/api/environments`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token! },
      body: JSON.stringify({
        baseRevision: revision,
        document: {
          version: 2,
          activeEnvironmentId: 'dev',
          environments: [{ id: 'dev', name: 'Dev', vars: {}, auth: { type: 'bearer', token: 'env-store-canary-77' } }],
        },
      }),
    })
    expect(put.status, await put.text()).toBe(200)
    const masked = await exported({
      ...call('getPet', { id: '1' }, { Authorization: 'Bearer env-store-canary-77' }),
      format: 'curl',
    })
    expect(masked.snippet).not.toContain('env-store-canary-77')
    expect(masked.snippet).toContain('Bearer ${token}')
  })

  it('keeps non-secret variables resolved unless asked for references', async () => {
    const request = call('getPet', { id: 'pet-1234' })
    const vars = [{ name: 'petId', value: 'pet-1234', isSecret: false }]
    expect((await exported({ ...request, format: 'curl', variables: vars })).snippet).toContain('/pets/pet-1234')
    const unresolved = await exported({ ...request, format: 'curl', variables: vars, resolveVariables: false })
    expect(unresolved.snippet).toContain('/pets/${petId}')
  })

  it.each(httpFormats)('%s: a server URL or host held by a variable comes back as its reference', async (format) => {
    const request = { ...call('getPet', { id: 'pet-1234' }), serverUrl: fixture.origin }
    const baseUrl = [{ name: 'baseUrl', value: fixture.origin, isSecret: false }]
    const { snippet } = await exported({ ...request, format, variables: baseUrl, resolveVariables: false })
    expect(snippet).toContain('${baseUrl}/pets/pet-1234')
    if (available(format)) {
      const received = await viaSnippet(format, snippet.split('${baseUrl}').join(fixture.origin))
      expect(received.url).toBe('/pets/pet-1234')
    }
    // A URL parser lowercases a host: the reference must still come back.
    const apiHost = [{ name: 'apiHost', value: new URL(fixture.origin).hostname, isSecret: false }]
    const host = await exported({ ...request, format, variables: apiHost, resolveVariables: false })
    expect(host.snippet).toContain('//${apiHost}:')
  })

  it.each(['curl', 'httpie'] as const)(
    '%s: a reference reaches the tool as written, never expanded by the shell',
    async (format) => {
      const request = call('getPet', { id: 'pet-1234' }, { 'x-trace': 'trace-5678', Authorization: `Bearer ${CANARY}` })
      const vars = [
        { name: 'petId', value: 'pet-1234', isSecret: false },
        { name: 'trace', value: 'trace-5678', isSecret: false },
        { name: 'TOKEN', value: CANARY, isSecret: true },
      ]
      const { snippet } = await exported({ ...request, format, variables: vars, resolveVariables: false })
      // The tool is replaced by a function that prints the arguments bash hands it, with the variables set in bash.
      const tool = format === 'curl' ? 'curl' : 'http'
      const prelude = `${tool}() { printf '%s\\n' "$@"; }\npetId=EXPANDED trace=EXPANDED TOKEN=EXPANDED\n`
      const { stdout } = await execFileAsync('bash', ['-c', prelude + snippet], { encoding: 'utf8' })
      expect(stdout).not.toContain('EXPANDED')
      expect(stdout).toContain('/pets/${petId}')
      expect(stdout).toMatch(/[Xx]-[Tt]race: ?\$\{trace\}/)
      expect(stdout).toContain('Bearer ${TOKEN}')
    },
  )
})

describe('formats', () => {
  it('refuses a format REST cannot write with a 400 naming those it can', async () => {
    const response = await api('/api/export', { ...call('getPet', { id: '1' }), format: 'grpcurl' })
    expect(response.status).toBe(400)
    const problem = (await response.json()) as { detail: string; hint: string }
    expect(problem.hint).toContain('curl, httpie, python-requests, python-httpx, javascript-fetch, wirebench')
  })

  it('answers the language of each snippet', async () => {
    expect((await exported({ ...call('getPet', { id: '1' }), format: 'python-requests' })).language).toBe('python')
    expect((await exported({ ...call('getPet', { id: '1' }), format: 'javascript-fetch' })).language).toBe('javascript')
    expect((await exported({ ...call('getPet', { id: '1' }), format: 'curl' })).language).toBe('shell')
  })
})

describe('plain HTTP requests (imports, saved requests)', () => {
  const request = (): InvokeRequest => ({
    protocol: 'http',
    url: fixture.origin,
    service: 'HTTP',
    method: 'request',
    messages: [{ method: 'POST', url: '/pets', headers: { 'x-trace': 't-2' }, body: { json: { name: 'Imported' } } }],
    metadata: { Authorization: `Bearer ${CANARY}` },
  })

  it.each(['curl', 'python-requests', 'javascript-fetch'] as const)(
    '%s sends what the http plugin sends',
    async (format) => {
      const workbench = await viaWorkbench(request())
      const snippet = await exported({ ...request(), format, includeSecrets: true })
      expectSameRequest(await viaSnippet(format, snippet.snippet), workbench, format)
      expect((await exported({ ...request(), format, variables })).snippet).not.toContain(CANARY)
    },
  )
})
