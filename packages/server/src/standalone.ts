/** The standalone server the CLI runs: a Fastify app with the workbench at prefix '', a launch token and a logger. */
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import type { WorkbenchOptions } from './options.js'
import { deferredSchemaCompilers } from './schema-compilers.js'
import { createSessionToken } from './security/token.js'
import { redactPaths } from './services/logger.js'
import { workbench } from './workbench.js'

export interface StandaloneOptions extends Omit<WorkbenchOptions, 'mode' | 'token'> {
  /** Interface to bind; default 127.0.0.1. */
  host?: string
  /** Port; 0 picks a free one. Default 5080. */
  port?: number
  /** `null` turns the token gate off (`--no-token`); default: a fresh 256-bit token. */
  token?: string | null
  /** Pino level; default `warn` (or `WIREBENCH_LOG_LEVEL`). `false` silences the log. */
  logLevel?: string | false
}

export interface StandaloneServer {
  app: FastifyInstance
  /** The session token (null with `--no-token`). */
  token: string | null
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
  const { host = '127.0.0.1', port = 5080, logLevel, ...rest } = options
  const token = options.token === undefined ? createSessionToken() : options.token
  const level = logLevel === false ? 'silent' : (logLevel ?? process.env.WIREBENCH_LOG_LEVEL ?? 'warn')
  const app = Fastify({
    logger: { level, redact: { paths: redactPaths, censor: '***' } },
    // Workbench routes set their own limits; this covers anything else.
    bodyLimit: 1024 * 1024,
    // Closing means closing: a half-open keep-alive socket (browsers and undici pre-connect) must not hold shutdown up.
    forceCloseConnections: true,
    return503OnClosing: true,
    schemaController: deferredSchemaCompilers(),
  })
  await app.register(workbench, { ...rest, token, mode: 'standalone' })
  let url = ''
  return {
    app,
    token,
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
