/**
 * `wirebench call --workspace <dir> --request <folder>/<name>` against the REST demo: a saved request is sent as
 * saved, its `${var}`s filled with system, then environment, then command-line, then workspace precedence (the
 * workspace's variables lowest), and nothing in the folder is written.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SavedRequest } from '@wirebench/core'
import { startRestDemo } from '@wirebench/demo'
import type { DemoServiceHandle } from '@wirebench/demo'
import { runCli } from '../servers/cli/run-cli.js'
import { startCredentialSpy } from '../servers/hosts/credential-spy.js'
import type { CredentialSpy } from '../servers/hosts/credential-spy.js'

describe('wirebench call --workspace --request', () => {
  let rest: DemoServiceHandle
  /** Where the saved requests below were discovered, and another host their saved serverUrl sends to. */
  let spy: CredentialSpy
  let otherSpy: CredentialSpy
  let root: string
  const workspace = () => join(root, 'api-requests')
  const cli = (args: string[]) => runCli([...args, '--config-dir', join(root, 'config')])

  beforeAll(async () => {
    ;[rest, spy, otherSpy] = await Promise.all([
      startRestDemo({ host: '127.0.0.1' }),
      startCredentialSpy('127.0.0.1', 'spy'),
      startCredentialSpy('127.0.0.2', 'spy'),
    ])
    root = await mkdtemp(join(tmpdir(), 'wb-cli-ws-'))
    await mkdir(join(workspace(), 'requests', 'smoke'), { recursive: true })
    await mkdir(join(root, 'config'), { recursive: true, mode: 0o700 })
    await writeFile(
      join(workspace(), 'workspace.json'),
      JSON.stringify({ version: 1, name: 'API', vars: { bookId: '1', shelf: 'workspace' } }),
    )
    const saved: SavedRequest = {
      version: 1,
      name: 'Get a book',
      protocol: 'rest',
      url: rest.service.url,
      service: 'Books',
      method: 'getBook',
      messages: [{ bookId: '${bookId}' }],
      metadata: { 'x-shelf': '${shelf}' },
    }
    await writeFile(join(workspace(), 'requests', 'smoke', 'get-book.json'), JSON.stringify(saved, null, 2))
    const environments = {
      version: 2,
      environments: [
        {
          id: 'dev',
          name: 'dev',
          vars: { bookId: '2' },
          auth: { type: 'none' },
          trust: { caCertificate: '', allowSelfSigned: false },
          hosts: { approved: [], refused: [] },
        },
        {
          id: 'bearer',
          name: 'bearer',
          vars: { token: 'env-bearer-token' },
          auth: { type: 'bearer', token: '${token}' },
          trust: { caCertificate: '', allowSelfSigned: false },
          hosts: { approved: [], refused: [] },
        },
      ],
      activeEnvironmentId: 'dev',
    }
    await writeFile(join(root, 'config', 'environments.json'), JSON.stringify(environments), { mode: 0o600 })
  })
  afterAll(async () => {
    await Promise.all([rest?.close(), spy?.close(), otherSpy?.close()])
    await rm(root, { recursive: true, force: true })
  })

  it('sends the saved request with the workspace variables filled in', async () => {
    const before = await readdir(workspace(), { recursive: true })
    const { code, out, err } = await cli(['call', '--workspace', workspace(), '--request', 'smoke/get-book'])
    expect(err).toBe('')
    expect(code).toBe(0)
    expect(JSON.parse(out)).toMatchObject({ id: 1 })
    expect(await readdir(workspace(), { recursive: true })).toEqual(before)
  })

  it("lets the environment's variables win over the workspace's, and --var over both", async () => {
    const withEnv = await cli(['call', '--workspace', workspace(), '--request', 'smoke/get-book', '--env', 'dev'])
    expect(withEnv.code, withEnv.err).toBe(0)
    expect(JSON.parse(withEnv.out)).toMatchObject({ id: 2 })
    const withVar = await cli(['call', '--workspace', workspace(), '--request', 'smoke/get-book', '--var', 'bookId=3'])
    expect(JSON.parse(withVar.out)).toMatchObject({ id: 3 })
  })

  it('names the saved requests when the one asked for does not exist, and needs both flags', async () => {
    const missing = await cli(['call', '--workspace', workspace(), '--request', 'smoke/nope'])
    expect(missing.code).toBe(2)
    expect(missing.err).toMatch(/No saved request smoke\/nope/)
    expect(missing.err).toMatch(/smoke\/get-book/)
    const escape = await cli(['call', '--workspace', workspace(), '--request', '../../etc/passwd'])
    expect(escape.code).toBe(2)
    expect(escape.err).toMatch(/not a usable path/)
    const alone = await cli(['call', '--request', 'smoke/get-book'])
    expect(alone.code).toBe(2)
    expect(alone.err).toMatch(/--request needs --workspace/)
    const noUrl = await cli(['call', 'Books/getBook'])
    expect(noUrl.code).toBe(2)
    expect(noUrl.err).toMatch(/--url/)
  })

  /** Saves `requests/<path>.json`, a GET /whoami of the spy, with what `extra` adds. */
  async function saveWhoami(path: string, extra: Partial<SavedRequest>): Promise<void> {
    const request: SavedRequest = {
      version: 1,
      name: path,
      protocol: 'rest',
      url: spy.docUrl,
      service: 'spy',
      method: 'spyWhoami',
      messages: [{}],
      ...extra,
    }
    await mkdir(join(workspace(), 'requests', path, '..'), { recursive: true })
    await writeFile(join(workspace(), 'requests', `${path}.json`), JSON.stringify(request))
  }
  const lastWhoami = (server: CredentialSpy) => server.requests.filter((r) => r.url.startsWith('/whoami')).at(-1)

  it("sends to the saved request's serverUrl instead of the document's server", async () => {
    await saveWhoami('options/elsewhere', { options: { serverUrl: otherSpy.origin, timeoutMs: 5000 } })
    const before = spy.requests.filter((r) => r.url.startsWith('/whoami')).length
    const { code, err } = await cli(['call', '--workspace', workspace(), '--request', 'options/elsewhere'])
    expect(code, err).toBe(0)
    expect(lastWhoami(otherSpy)).toBeDefined()
    expect(spy.requests.filter((r) => r.url.startsWith('/whoami')).length).toBe(before)
  })

  it("sends no environment credentials for auth none, the environment's for inherit", async () => {
    await saveWhoami('auth/none', { auth: { mode: 'none' } })
    await saveWhoami('auth/inherit', { auth: { mode: 'inherit' } })
    const none = await cli(['call', '--workspace', workspace(), '--request', 'auth/none', '--env', 'bearer'])
    expect(none.code, none.err).toBe(0)
    expect(lastWhoami(spy)?.headers['authorization']).toBeUndefined()
    const inherit = await cli(['call', '--workspace', workspace(), '--request', 'auth/inherit', '--env', 'bearer'])
    expect(inherit.code, inherit.err).toBe(0)
    expect(lastWhoami(spy)?.headers['authorization']).toBe('Bearer env-bearer-token')
  })

  it("sends the request's own scheme with its ${var}s from --var, and a folder's auth to the requests inheriting it", async () => {
    await saveWhoami('own/mine', { auth: { mode: 'own', config: { type: 'bearer', token: '${ownToken}' } } })
    const own = await cli(['call', '--workspace', workspace(), '--request', 'own/mine', '--var', 'ownToken=own-123'])
    expect(own.code, own.err).toBe(0)
    expect(lastWhoami(spy)?.headers['authorization']).toBe('Bearer own-123')
    // Over an environment, the request's own scheme replaces the environment's.
    const over = await cli([
      'call',
      '--workspace',
      workspace(),
      '--request',
      'own/mine',
      '--env',
      'bearer',
      '--var',
      'ownToken=own-456',
    ])
    expect(over.code, over.err).toBe(0)
    expect(lastWhoami(spy)?.headers['authorization']).toBe('Bearer own-456')
    await saveWhoami('team/nested/member', {})
    await writeFile(
      join(workspace(), 'requests', 'team', 'folder.json'),
      JSON.stringify({ version: 1, auth: { mode: 'own', config: { type: 'bearer', token: '${teamToken}' } } }),
    )
    const inherited = await cli([
      'call',
      '--workspace',
      workspace(),
      '--request',
      'team/nested/member',
      '--env',
      'bearer',
      '--var',
      'teamToken=team-789',
    ])
    expect(inherited.code, inherited.err).toBe(0)
    expect(lastWhoami(spy)?.headers['authorization']).toBe('Bearer team-789')
  })

  it('sends imported plain HTTP requests (Postman with ${baseUrl}, HAR with a literal URL) without discovery', async () => {
    const { previewImport } = await import('@wirebench/interchange')
    const postman = await previewImport({
      format: 'postman',
      content: JSON.stringify({
        info: { name: 'imp', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        item: [
          {
            name: 'Items',
            item: [
              {
                name: 'Create note',
                request: {
                  method: 'POST',
                  url: '{{baseUrl}}/notes?tag=x',
                  header: [{ key: 'Content-Type', value: 'application/json' }],
                  body: { mode: 'raw', raw: '{"text":"{{word}}"}' },
                },
              },
            ],
          },
        ],
      }),
    })
    const har = await previewImport({
      format: 'har',
      content: JSON.stringify({
        log: {
          version: '1.2',
          entries: [{ request: { method: 'GET', url: `${spy.origin}/whoami?from=har`, headers: [] } }],
        },
      }),
    })
    const [create] = postman.requests
    const [get] = har.requests
    await mkdir(join(workspace(), 'requests', 'imp', 'Items'), { recursive: true })
    await writeFile(join(workspace(), 'requests', 'imp', 'Items', 'create.json'), JSON.stringify(create!.request))
    await writeFile(join(workspace(), 'requests', 'imp', 'get.json'), JSON.stringify(get!.request))

    const posted = await cli([
      'call',
      '--workspace',
      workspace(),
      '--request',
      'imp/Items/create',
      '--var',
      `baseUrl=${spy.origin}`,
      '--var',
      'word=hello',
    ])
    expect(posted.code, posted.err).toBe(0)
    const note = spy.requests.at(-1)
    expect(note).toMatchObject({ method: 'POST', url: '/notes?tag=x', body: '{"text":"hello"}' })
    expect(note?.headers['content-type']).toBe('application/json')

    const got = await cli(['call', '--workspace', workspace(), '--request', 'imp/get'])
    expect(got.code, got.err).toBe(0)
    expect(spy.requests.at(-1)).toMatchObject({ method: 'GET', url: '/whoami?from=har' })

    const missing = await cli(['call', '--workspace', workspace(), '--request', 'imp/Items/create', '--var', 'word=x'])
    expect(missing.code).toBe(2)
    expect(missing.err).toMatch(/\$\{baseUrl\}.*--var baseUrl=/s)
  })

  it("sends a WebSocket request's saved composer message as its frame", async () => {
    await mkdir(join(workspace(), 'requests', 'live'), { recursive: true })
    // As the UI saves chat/connect with "/help" typed in the composer.
    const chat: SavedRequest = {
      version: 1,
      name: 'chat',
      protocol: 'websocket',
      url: spy.chatUrl,
      service: 'chat',
      method: 'connect',
      messages: [{}],
      options: { composer: { kind: 'text', payload: '/help', closeCode: '1000', closeReason: '' } },
    }
    await writeFile(join(workspace(), 'requests', 'live', 'chat.json'), JSON.stringify(chat))
    const { code, err, out } = await cli([
      'call',
      '--workspace',
      workspace(),
      '--request',
      'live/chat',
      '--timeout',
      '1',
    ])
    expect(code, err).toBe(0)
    const frames = spy.requests.filter((r) => r.method === 'FRAME').map((r) => r.body)
    expect(frames.at(-1)).toBe('/help')
    expect(frames).not.toContain('{}')
    expect(out).toContain('echo:/help')
  })
})
