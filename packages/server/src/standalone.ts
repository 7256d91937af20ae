/** The standalone server the CLI runs: a Fastify app with the workbench at prefix '', a launch token and a logger. */
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import type { WorkbenchOptions } from './options.js'
import { deferredSchemaCompilers } from './schema-compilers.js'
import {
  connectionsCheckingInterval,
  defaultRequestTimeouts,
  installRequestTimeouts,
} from './security/request-timeouts.js'
import type { RequestTimeouts } from './security/request-timeouts.js'
import { createLaunchTickets } from './security/launch-tickets.js'
import { createSessionToken } from './security/token.js'
import { redactPaths } from './services/logger.js'
import { workbench } from './workbench.js'

export interface StandaloneOptions extends Omit<
  WorkbenchOptions,
  'mode' | 'token' | 'launchTickets' | 'onSessionTokenRotated'
> {
  /** Interface to bind; default 127.0.0.1. */
  host?: string
  /** Port; 0 picks a free one. Default 5080. */
  port?: number
  /** `null` turns the token gate off (`--no-token`); default: a fresh 256-bit token. */
  token?: string | null
  /** Pino level; default `warn` (or `WIREBENCH_LOG_LEVEL`). `false` silences the log. */
  logLevel?: string | false
  /** Limits on how long a client may take to send headers, a whole request, or the next byte of a body. */
  timeouts?: Partial<RequestTimeouts>
  /**
   * Called with the new token when a spent launch ticket was presented again: the old token may be in another
   * program's hands and no longer works (the CLI prints a warning with the new URL).
   */
  onTokenRotated?: (token: string) => void
}

export interface StandaloneServer {
  app: FastifyInstance
  /** The session token now (null with `--no-token`); it changes when a reused launch ticket replaces it. */
  readonly token: string | null
  /**
   * A one-time ticket the page trades for the token (`#ticket=` in the URL the browser is opened with): the token
   * stays off command lines. Null with `--no-token`.
   */
  issueTicket(): string | null
  /** The base URL once listening (e.g. `http://127.0.0.1:5080`); empty before `listen()`. */
  readonly url: string
  listen(): Promise<string>
  close(): Promise<void>
}

const wildcardHosts = new Set(['0.0.0.0', '::', '[::]'])

/** The host to put in the printed URL: a wildcard bind is reached through loopback. */
function urlHost(host: string): string {
  if (wildcardHosts.has(host)) return '127.0.0.1'
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
}

export async function createStandaloneServer(options: StandaloneOptions): Promise<StandaloneServer> {
  const { host = '127.0.0.1', port = 5080, logLevel, timeouts: given, onTokenRotated, ...rest } = options
  const timeouts = { ...defaultRequestTimeouts, ...given }
  let token = options.token === undefined ? createSessionToken() : options.token
  const level = logLevel === false ? 'silent' : (logLevel ?? process.env.WIREBENCH_LOG_LEVEL ?? 'warn')
  const app = Fastify({
    logger: { level, redact: { paths: redactPaths, censor: '***' } },
    // Workbench routes set their own limits; this covers anything else.
    bodyLimit: 1024 * 1024,
    // Closing means closing: a half-open keep-alive socket (browsers and undici pre-connect) must not hold shutdown up.
    forceCloseConnections: true,
    return503OnClosing: true,
    schemaController: deferredSchemaCompilers(),
    // A client that trickles its request must not hold a socket for ever (Fastify turns Node's limit off).
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: connectionsCheckingInterval(timeouts) },
  })
  installRequestTimeouts(app, timeouts)
  const launchTickets = createLaunchTickets()
  const onSessionTokenRotated = (next: string) => {
    token = next
    onTokenRotated?.(next)
  }
  await app.register(workbench, { ...rest, token, launchTickets, onSessionTokenRotated, mode: 'standalone' })
  let url = ''
  return {
    app,
    get token() {
      return token
    },
    issueTicket: () => (token === null ? null : launchTickets.issue()),
    get url() {
      return url
    },
    async listen() {
      await app.listen({ host, port })
      const address = app.server.address()
      const boundPort = typeof address === 'object' && address !== null ? address.port : port
      url = `http://${urlHost(host)}:${boundPort}`
      return url
    },
    close: () => app.close(),
  }
}
