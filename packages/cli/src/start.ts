/** Runs the standalone workbench: demo services (optional), the server, the banner, the browser, clean shutdown. */
import type { AiService } from '@wirebench/ai'
import type { StandaloneServer } from '@wirebench/server'
import { renderBanner } from './banner.js'
import type { DemoService } from './banner.js'
import { UsageError } from './flags.js'
import type { StartOptions } from './flags.js'
import { recordRunningServer } from './running-servers.js'
import { cliVersion } from './version.js'

interface RunningDemo {
  services: DemoService[]
  urls: string[]
  mcpConfigFile: string
  stdioUrls: string[]
  /** The example sidecars the demo loads (the Python one speaks to the demo's toy lab). */
  pluginDirs: string[]
  close(): Promise<void>
}

export interface Output {
  out(text: string): void
  err(text: string): void
}

async function startDemo(): Promise<RunningDemo> {
  // Loaded only with --demo, so a plain start does not pay for the demo services' imports.
  const demo = await import('@wirebench/demo')
  return demo.startDemo({ host: '127.0.0.1' })
}

/** Opens `url` in the user's browser; failures are reported (the printed URL works as well). */
async function openBrowser(url: string, output: Output): Promise<void> {
  try {
    const { default: open } = await import('open')
    const child = await open(url)
    child.once('error', () => output.err('Could not open a browser; open the URL above yourself.\n'))
  } catch {
    output.err('Could not open a browser; open the URL above yourself.\n')
  }
}

/**
 * The server refused a `--url` (a pin naming no installed plugin, a value that is no address): the user's input,
 * answered as a usage error.
 */
function lockedUrlRefusal(error: unknown): UsageError | undefined {
  const { code, message, hint, details } = (error ?? {}) as {
    code?: unknown
    message?: unknown
    hint?: unknown
    details?: { lockedUrl?: unknown }
  }
  const isLockedUrl = code === 'no_plugin' || typeof details?.lockedUrl === 'string'
  if (!isLockedUrl || typeof message !== 'string') return undefined
  return new UsageError(`--url ${message}${typeof hint === 'string' ? `\n${hint}` : ''}`)
}

/** The standalone tool bundles the AI package (SPEC.md); a bad `--ai-endpoint` is the user's input, a usage error. */
async function openAi(options: StartOptions): Promise<AiService> {
  const { createAiService } = await import('@wirebench/ai')
  try {
    return await createAiService({ configDir: options.configDir, overlay: options.ai })
  } catch (error) {
    const { code, message, hint } = (error ?? {}) as { code?: unknown; message?: unknown; hint?: unknown }
    if (code !== 'invalid_request' && code !== 'forbidden' && code !== 'blocked_target') throw error
    return Promise.reject(new UsageError(`--ai-*: ${String(message)}${typeof hint === 'string' ? `\n${hint}` : ''}`))
  }
}

function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE'
}

/** Starts everything and resolves with a function that stops it; throws a message-bearing Error on failure. */
export async function start(options: StartOptions, output: Output): Promise<() => Promise<void>> {
  const demo = options.demo ? await startDemo() : undefined
  let server: StandaloneServer | undefined
  // The address the new URL names once the server listens (a rotation can only follow a ticket, after the banner).
  let base = ''
  try {
    // Imported here so --help and --version answer without loading the server.
    const { createStandaloneServer } = await import('@wirebench/server')
    const ai = await openAi(options)
    server = await createStandaloneServer({
      ai,
      host: options.host,
      port: options.port,
      configDir: options.configDir,
      lockedUrls: options.lockedUrls,
      demoUrls: demo ? [...demo.urls, ...demo.stdioUrls] : [],
      token: options.token ? undefined : null,
      allowedHosts: options.allowedHosts,
      mcp: {
        configFiles: [...options.mcpConfigFiles, ...(demo ? [demo.mcpConfigFile] : [])],
        servers: options.mcpServers,
      },
      pluginDirs: [...options.pluginDirs, ...(demo?.pluginDirs ?? [])],
      version: cliVersion,
      onTokenRotated: (token) => output.err(ticketReuseWarning(`${base}/#token=${token}`)),
      ...(options.uiDir === undefined ? {} : { uiDir: options.uiDir }),
      ...(options.workspaceDir === undefined ? {} : { workspaceDir: options.workspaceDir }),
    })
    await server.listen()
  } catch (error) {
    await server?.close().catch(() => undefined)
    await demo?.close().catch(() => undefined)
    const refusedUrl = lockedUrlRefusal(error)
    if (refusedUrl) throw refusedUrl
    if (isAddressInUse(error)) {
      throw new Error(
        `Port ${options.port} on ${options.host} is already in use. Stop the other program, or pick another port: --port 0 (any free port) or --port ${options.port + 1}.`,
        { cause: error },
      )
    }
    throw error
  }
  base = browserBase(server.url)
  // The terminal is the user's own: the banner may show the token, so the URL can be reopened any time.
  const openUrl = server.token === null ? `${base}/` : `${base}/#token=${server.token}`
  output.out(renderBanner({ version: cliVersion, openUrl, options, demoServices: demo?.services ?? [] }))
  const { missingPluginDirs } = await import('@wirebench/sidecar')
  for (const dir of await missingPluginDirs(options.pluginDirs)) {
    output.err(`Warning: --plugin-dir ${dir} does not exist or is not a directory; no sidecar was loaded from it.\n`)
  }
  if (options.open) {
    // A command line is readable by every local user (ps, /proc): the browser and xdg-open get a one-time ticket
    // the page trades for the token, never the token itself.
    const ticket = server.issueTicket()
    await openBrowser(ticket === null ? `${base}/` : `${base}/#ticket=${ticket}`, output)
  }
  const running = server
  // `wirebench plugin list` finds this workbench here to show the sidecars' health.
  const forget = await recordRunningServer(options.configDir, { url: server.url, token: server.token }).catch(
    () => () => Promise.resolve(),
  )
  return async () => {
    await forget()
    await running.close()
    await demo?.close()
  }
}

/** Said on the terminal (the user's own) when a spent sign-in link was presented again. */
function ticketReuseWarning(openUrl: string): string {
  return [
    '',
    'Warning: the one-time sign-in link was used twice. Another program on this computer may have read it from the',
    'browser’s command line and signed in. The session token was replaced: the old one no longer works.',
    `Open this URL in your browser to continue:  ${openUrl}`,
    '',
  ].join('\n')
}

/**
 * The browser opens the workbench on `localhost` when the server listens on IPv4 loopback: the OAuth redirect URI is
 * `http://localhost:<port>/oauth-callback` (SPEC.md), and the callback page posts the code only to its own origin.
 */
function browserBase(url: string): string {
  const parsed = new URL(url)
  if (parsed.hostname === '127.0.0.1') parsed.hostname = 'localhost'
  return parsed.origin
}
