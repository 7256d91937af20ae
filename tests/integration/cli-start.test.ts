import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Server } from 'node:net'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  cliDirs,
  configOf,
  removeCliDirs,
  requireBuiltCli,
  spawnCli,
  stopCli,
  waitForUrl,
} from '../servers/server/cli-process.js'
import type { CliRun } from '../servers/server/cli-process.js'
import { connectLive, liveUrl } from '../servers/live/live-client.js'

const runs: CliRun[] = []
function start(args: string[], env: NodeJS.ProcessEnv = {}): CliRun {
  const run = spawnCli(args, env)
  runs.push(run)
  return run
}

beforeAll(() => requireBuiltCli())
afterEach(async () => {
  await Promise.all(runs.splice(0).map(stopCli))
  await removeCliDirs()
})

describe('wirebench (the built CLI)', () => {
  it('prints a URL with a session token that opens the API, and the API refuses calls without it', async () => {
    const { configDir, uiDir } = await cliDirs()
    const run = start(['--no-open', '--port', '0', '--config-dir', configDir, '--ui-dir', uiDir])
    const { base, token } = await waitForUrl(run)
    // localhost, not 127.0.0.1: the OAuth redirect URI names localhost and the callback posts to its own origin only.
    expect(base).toMatch(/^http:\/\/localhost:\d+$/)
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    const ok = await fetch(`${base}/api/protocols`, { headers: { 'x-workbench-token': token! } })
    expect(ok.status).toBe(200)
    expect(((await ok.json()) as { protocols: { id: string }[] }).protocols.map((p) => p.id)).toContain('rest')
    expect((await fetch(`${base}/api/protocols`)).status).toBe(401)
    const page = await fetch(`${base}/`)
    expect(page.status).toBe(200)
    expect(configOf(await page.text())).toMatchObject({
      prefix: '',
      lockedUrls: null,
      tokenRequired: true,
      demo: false,
    })
  })

  it('opens the browser with a one-time ticket: no command line carries the token, and the ticket buys it once', async () => {
    const { configDir, uiDir } = await cliDirs()
    // The spy stands in for the browser: xdg-open runs $BROWSER with the URL when no desktop is detected. It records
    // its own argv and xdg-open's (its parent), the command lines other local users can read in /proc.
    const spyDir = await mkdtemp(join(tmpdir(), 'wb-browser-spy-'))
    const record = join(spyDir, 'argv.txt')
    const spy = join(spyDir, 'browser.sh')
    await writeFile(
      spy,
      `#!/bin/sh\n{ printf '%s\\n' "$@"; tr '\\0' '\\n' < /proc/$PPID/cmdline; } > '${record}.tmp'\nmv '${record}.tmp' '${record}'\n`,
      { mode: 0o755 },
    )
    try {
      const run = start(['--port', '0', '--config-dir', configDir, '--ui-dir', uiDir], {
        BROWSER: spy,
        DISPLAY: '',
        WAYLAND_DISPLAY: '',
        XDG_CURRENT_DESKTOP: '',
        DESKTOP_SESSION: '',
      })
      const { base, token } = await waitForUrl(run)
      let argv = ''
      await expect
        .poll(async () => (argv = await readFile(record, 'utf8').catch(() => '')), { timeout: 10_000 })
        .not.toBe('')
      expect(token).toMatch(/^[0-9a-f]{64}$/)
      expect(argv).toContain('xdg-open')
      expect(argv).not.toContain(token!)
      expect(argv).not.toContain('token=')
      const ticket = /#ticket=([\w-]+)/.exec(argv)?.[1]
      expect(ticket).toBeDefined()

      const exchange = () =>
        fetch(`${base}/api/session/ticket`, {
          method: 'POST',
          headers: { origin: base, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
          body: JSON.stringify({ ticket }),
        })
      const first = await exchange()
      expect(first.status).toBe(200)
      expect(await first.json()).toEqual({ token })
      const again = await exchange()
      expect(again.status).toBe(401)
      expect(((await again.json()) as { detail: string }).detail).toMatch(/already used/)
    } finally {
      await rm(spyDir, { recursive: true, force: true })
    }
  })

  it('replaces the session token when a spent launch ticket comes again: the program that used it first is locked out, and the terminal prints the new URL', async () => {
    const { configDir, uiDir } = await cliDirs()
    const spyDir = await mkdtemp(join(tmpdir(), 'wb-browser-spy-'))
    const record = join(spyDir, 'argv.txt')
    const spy = join(spyDir, 'browser.sh')
    await writeFile(spy, `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}.tmp'\nmv '${record}.tmp' '${record}'\n`, {
      mode: 0o755,
    })
    try {
      const run = start(['--port', '0', '--config-dir', configDir, '--ui-dir', uiDir], {
        BROWSER: spy,
        DISPLAY: '',
        WAYLAND_DISPLAY: '',
        XDG_CURRENT_DESKTOP: '',
        DESKTOP_SESSION: '',
      })
      const { base, token } = await waitForUrl(run)
      let argv = ''
      await expect
        .poll(async () => (argv = await readFile(record, 'utf8').catch(() => '')), { timeout: 10_000 })
        .not.toBe('')
      const ticket = /#ticket=([\w-]+)/.exec(argv)?.[1]
      expect(ticket).toBeDefined()
      // Another local program read the browser's argv and redeems the ticket first, as the page would.
      const pageHeaders = { host: new URL(base).host, origin: base, 'content-type': 'application/json' }
      const exchange = () =>
        fetch(`${base}/api/session/ticket`, {
          method: 'POST',
          headers: { ...pageHeaders, 'sec-fetch-site': 'same-origin' },
          body: JSON.stringify({ ticket }),
        })
      const stolen = ((await (await exchange()).json()) as { token: string }).token
      expect(stolen).toBe(token)
      const asThief = () => fetch(`${base}/api/protocols`, { headers: { 'x-workbench-token': stolen } })
      expect((await asThief()).status).toBe(200)
      const thiefSocket = await connectLive(liveUrl(base), { token: stolen, origin: base })

      // The real browser comes second: refused, with why and what to do.
      const late = await exchange()
      expect(late.status).toBe(401)
      const problem = (await late.json()) as { detail: string; hint: string }
      expect(problem.detail).toMatch(/already used: another program on this computer may have used it/)
      expect(problem.hint).toMatch(/new URL .* printed in your terminal/)
      // The stolen token stopped working at once, and the live socket it opened was closed.
      expect((await asThief()).status).toBe(401)
      expect(await thiefSocket.closed).toMatchObject({ code: 1008 })

      // The terminal (stderr) names the new URL, whose token works.
      await expect.poll(() => run.stderr(), { timeout: 5_000 }).toMatch(/#token=[0-9a-f]{64}/)
      expect(run.stderr()).toMatch(/sign-in link was used twice/)
      const fresh = /#token=([0-9a-f]{64})/.exec(run.stderr())?.[1]
      expect(fresh).not.toBe(token)
      expect(run.stderr()).toContain(`${base}/#token=${fresh}`)
      const works = await fetch(`${base}/api/protocols`, { headers: { 'x-workbench-token': fresh! } })
      expect(works.status).toBe(200)
      // A third attempt changes nothing more: the alarm was raised once.
      expect((await exchange()).status).toBe(401)
      expect((await fetch(`${base}/api/protocols`, { headers: { 'x-workbench-token': fresh! } })).status).toBe(200)
    } finally {
      await rm(spyDir, { recursive: true, force: true })
    }
  })

  it('stops cleanly on SIGTERM', async () => {
    const { configDir, uiDir } = await cliDirs()
    const run = start(['--no-open', '--port', '0', '--config-dir', configDir, '--ui-dir', uiDir])
    const { base } = await waitForUrl(run)
    expect(await stopCli(run)).toBe(0)
    await expect(fetch(`${base}/`)).rejects.toThrow()
  })

  it('locks the URL list given with --url (protocol@url kept as written) in the injected config', async () => {
    const { configDir, uiDir } = await cliDirs()
    const urls = ['http://127.0.0.1:9/openapi.json', 'rest@http://127.0.0.1:9/other.yaml']
    const run = start([
      '--no-open',
      '--port',
      '0',
      '--config-dir',
      configDir,
      '--ui-dir',
      uiDir,
      '--url',
      urls[0]!,
      '--url',
      urls[1]!,
    ])
    const { base } = await waitForUrl(run)
    expect(run.stdout()).toContain('(locked)')
    const config = configOf(await (await fetch(`${base}/`)).text())
    expect(config.lockedUrls).toEqual(urls)
  })

  it('with --no-token prints a URL without a token and serves the API without one', async () => {
    const { configDir, uiDir } = await cliDirs()
    const run = start(['--no-open', '--no-token', '--port', '0', '--config-dir', configDir, '--ui-dir', uiDir])
    const { base, token } = await waitForUrl(run)
    expect(token).toBeNull()
    expect(run.stdout()).not.toContain('#token=')
    expect((await fetch(`${base}/api/protocols`)).status).toBe(200)
    expect(configOf(await (await fetch(`${base}/`)).text())).toMatchObject({ tokenRequired: false })
  })

  it('with --demo starts the demo services, lists them, and passes their URLs as demoUrls (not locked)', async () => {
    const { configDir, uiDir } = await cliDirs()
    const run = start(['--no-open', '--demo', '--port', '0', '--config-dir', configDir, '--ui-dir', uiDir])
    const { base, token } = await waitForUrl(run)
    expect(run.stdout()).toContain('Demo services:')
    const config = configOf(await (await fetch(`${base}/`)).text())
    expect(config).toMatchObject({ demo: true, lockedUrls: null })
    const demoUrls = config.demoUrls as string[]
    expect(demoUrls).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/openapi\.json$/),
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/),
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/events$/),
      expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/chat$/),
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/hubs\/chat$/),
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/),
      // The toy lab, spoken by the Python example sidecar the demo loads.
      expect.stringMatching(/^toy:\/\/127\.0\.0\.1:\d+$/),
      'mcp+stdio://everything',
    ])
    for (const protocol of ['rest', 'grpc', 'graphql', 'sse', 'websocket', 'signalr', 'mcp', 'toy'])
      expect(run.stdout()).toContain(protocol)
    const res = await fetch(`${base}/api/discover`, {
      method: 'POST',
      headers: { 'x-workbench-token': token!, 'content-type': 'application/json' },
      body: JSON.stringify({ urls: demoUrls }),
    })
    const body = (await res.json()) as { attempts: { outcome: string }[]; services: { protocol: string }[] }
    expect(body.attempts.some((a) => a.outcome === 'ok')).toBe(true)
    expect(new Set(body.services.map((s) => s.protocol))).toEqual(
      new Set(['rest', 'grpc', 'graphql', 'sse', 'websocket', 'signalr', 'mcp', 'toy']),
    )
  })

  it('uses WIREBENCH_HOME as the default config dir', async () => {
    const { configDir, uiDir } = await cliDirs()
    const run = start(['--no-open', '--port', '0', '--ui-dir', uiDir], { WIREBENCH_HOME: configDir })
    await waitForUrl(run)
    expect(run.stdout()).toContain(`Config:  ${configDir}`)
  })
})

describe('wirebench refusals', () => {
  it('documents every flag and shows examples in --help', async () => {
    const run = start(['--help'])
    expect((await run.exited).code).toBe(0)
    for (const flag of [
      '--url',
      '--port',
      '--host',
      '--config-dir',
      '--no-open',
      '--no-token',
      '--demo',
      '--allow-remote',
      'Examples:',
    ]) {
      expect(run.stdout()).toContain(flag)
    }
  })

  it('prints its version', async () => {
    const run = start(['--version'])
    expect((await run.exited).code).toBe(0)
    expect(run.stdout().trim()).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('refuses a wildcard or public host without --allow-remote, explaining the risk', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10']) {
      const run = start(['--no-open', '--port', '0', '--host', host])
      expect((await run.exited).code, host).toBe(2)
      expect(run.stderr()).toContain('--allow-remote')
      expect(run.stdout()).not.toContain('Open:')
    }
  })

  it('names the port and suggests --port 0 when the port is taken', async () => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const address = blocker.address()
    const port = typeof address === 'object' && address ? address.port : 0
    try {
      const { configDir, uiDir } = await cliDirs()
      const run = start(['--no-open', '--port', String(port), '--config-dir', configDir, '--ui-dir', uiDir])
      expect((await run.exited).code).toBe(1)
      expect(run.stderr()).toContain(`Port ${port}`)
      expect(run.stderr()).toContain('--port 0')
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })

  it('refuses a --url pinning a plugin that is not installed, naming it and listing the installed ones', async () => {
    const { configDir, uiDir } = await cliDirs()
    const args = ['--no-open', '--port', '0', '--config-dir', configDir, '--ui-dir', uiDir]
    const run = start([...args, '--url', 'http://127.0.0.1:9/openapi.json', '--url', 'nope@http://127.0.0.1:9/nope'])
    expect((await run.exited).code).toBe(2)
    expect(run.stderr()).toContain(
      'wirebench: --url nope@http://127.0.0.1:9/nope: No protocol plugin "nope" is installed, so "nope@" cannot pin one.',
    )
    expect(run.stderr()).toContain(
      'Installed plugins: rest, grpc, grpcweb, connect, graphql, sse, websocket, signalr, mcp, http.',
    )
    expect(run.stderr()).not.toMatch(/absolute URL/)
    expect(run.stdout()).not.toContain('Open:')
  })

  it.each([
    ['http://', 'has no host'],
    ['rest@', 'names the plugin rest but no address after the @'],
    ['ftp://x/y', 'uses ftp://, which no plugin speaks'],
  ])('refuses the malformed --url %s at start, naming it and what is wrong', async (url, what) => {
    const { configDir, uiDir } = await cliDirs()
    const run = start(['--no-open', '--port', '0', '--config-dir', configDir, '--ui-dir', uiDir, '--url', url])
    expect((await run.exited).code).toBe(2)
    expect(run.stderr()).toContain(`wirebench: --url "${url}" ${what}`)
    expect(run.stdout()).not.toContain('Open:')
  })

  it('rejects a port that is not a number', async () => {
    const run = start(['--no-open', '--port', 'eighty'])
    expect((await run.exited).code).toBe(2)
    expect(run.stderr()).toContain('--port')
  })
})
