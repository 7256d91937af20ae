/** The swagger-jsdoc + Express 5 app of `jsdoc-app.mjs`, started in its own process (see node-process.ts for why). */
import { startNodeServer } from './node-process.js'
import type { NodeServer } from './node-process.js'

/** What every route of the app answers: the Content-Type it got and the body as Express parsed it. */
export interface Received {
  contentType: string | undefined
  text?: string
  json?: unknown
  bytes?: number[]
}

export interface JsdocApp extends NodeServer {
  docUrl: string
}

export async function startJsdocApp(): Promise<JsdocApp> {
  const server = await startNodeServer(new URL('./jsdoc-app.mjs', import.meta.url))
  return { ...server, docUrl: `${server.origin}/openapi.json` }
}
