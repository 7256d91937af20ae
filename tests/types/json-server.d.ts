/** The part of json-server 0.17's API the tests use (the package ships no types). */
declare module 'json-server' {
  import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'

  type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void
  interface App extends RequestListener {
    use(...handlers: Array<Middleware | Middleware[]>): void
  }
  interface JsonRouter extends Middleware {
    db: { getState(): Record<string, unknown> }
  }
  const jsonServer: {
    create(): App
    router(db: Record<string, unknown> | string): JsonRouter
    defaults(options?: { logger?: boolean; static?: string; noCors?: boolean }): Middleware[]
    /** JSON and urlencoded body parsers; they set `request.body`. */
    bodyParser: Middleware[]
  }
  export default jsonServer
}
