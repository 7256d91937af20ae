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

describe('wirebench call --workspace --request', () => {
  let rest: DemoServiceHandle
  let root: string
  const workspace = () => join(root, 'api-requests')
  const cli = (args: string[]) => runCli([...args, '--config-dir', join(root, 'config')])

  beforeAll(async () => {
    rest = await startRestDemo({ host: '127.0.0.1' })
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
      ],
      activeEnvironmentId: 'dev',
    }
    await writeFile(join(root, 'config', 'environments.json'), JSON.stringify(environments), { mode: 0o600 })
  })
  afterAll(async () => {
    await rest?.close()
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
})
