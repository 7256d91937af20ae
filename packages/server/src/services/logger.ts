/** Adapts Fastify's pino logger to the plugin contract's Logger. */
import type { Logger } from '@wirebench/core'
import type { FastifyBaseLogger } from 'fastify'

/** One object per request instead of four closures: every relayed call makes one. */
class PinoPluginLogger implements Logger {
  constructor(private readonly log: FastifyBaseLogger) {}

  debug(message: string, data?: Record<string, unknown>): void {
    this.log.debug(data ?? {}, message)
  }

  info(message: string, data?: Record<string, unknown>): void {
    this.log.info(data ?? {}, message)
  }

  warn(message: string, data?: Record<string, unknown>): void {
    this.log.warn(data ?? {}, message)
  }

  error(message: string, data?: Record<string, unknown>): void {
    this.log.error(data ?? {}, message)
  }
}

export function pluginLogger(log: FastifyBaseLogger): Logger {
  return new PinoPluginLogger(log)
}

/**
 * Pino redaction paths: credentials in headers and transport markers never reach a log line.
 * Explicit paths only: wildcard paths are re-evaluated for every per-request child logger and cost measurable time.
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-workbench-token"]',
  'req.headers["proxy-authorization"]',
  // The live socket's session token rides in its subprotocol list.
  'req.headers["sec-websocket-protocol"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["proxy-authorization"]',
  'headers["x-workbench-token"]',
  'headers["sec-websocket-protocol"]',
  'metadata.authorization',
  'metadata.Authorization',
  'metadata.cookie',
  ...['__workbenchMtls__', '__workbenchSigV4__', '__workbenchCookieEnv__', '__workbenchApiKeyQuery__'].flatMap(
    (key) => [key, `metadata.${key}`, `headers.${key}`],
  ),
]
