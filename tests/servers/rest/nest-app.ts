/** The NestJS + @nestjs/swagger app of `nest-app.mjs`, started in its own process (see node-process.ts for why). */
import { startNodeServer } from './node-process.js'
import type { NodeServer } from './node-process.js'

export interface NestApp extends NodeServer {
  docUrl: string
}

export async function startNestApp(): Promise<NestApp> {
  const server = await startNodeServer(new URL('./nest-app.mjs', import.meta.url))
  return { ...server, docUrl: `${server.origin}/openapi.json` }
}
