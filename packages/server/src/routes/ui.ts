/** The UI: `{prefix}/` serves index.html with the injected config, `{prefix}/assets/*` the hashed bundles. */
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { ClientConfig } from '@wirebench/core'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { injectClientConfig } from './client-config.js'

export interface UiRouteOptions {
  uiDir: string | null
  /** Read per page load (an embedding host's route count changes while it starts). */
  config: () => ClientConfig
}

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Wirebench: UI not built</title></head>
<body><h1>The Wirebench UI is not built</h1>
<p>The server is running and its API answers, but the browser UI has not been built yet.</p>
<p>Run <code>npm run build -w @wirebench/ui</code> (or <code>npm start</code>, which builds what is missing) and reload.</p>
</body></html>`

async function hasIndex(uiDir: string | null): Promise<boolean> {
  if (uiDir === null) return false
  try {
    return (await stat(join(uiDir, 'index.html'))).isFile()
  } catch {
    return false
  }
}

export async function registerUiRoutes(app: FastifyInstance, options: UiRouteOptions): Promise<void> {
  const { uiDir } = options
  const config = options.config()

  async function sendIndex(reply: FastifyReply): Promise<FastifyReply> {
    void reply.header('cache-control', 'no-store')
    if (uiDir === null) return reply.code(503).type('text/html; charset=utf-8').send(notBuiltPage)
    let html: string
    try {
      // Read per request: index.html is small, and a rebuilt UI is picked up without a restart.
      html = await readFile(join(uiDir, 'index.html'), 'utf8')
    } catch {
      return reply.code(503).type('text/html; charset=utf-8').send(notBuiltPage)
    }
    return reply.type('text/html; charset=utf-8').send(injectClientConfig(html, options.config()))
  }

  app.get('/', { prefixTrailingSlash: 'slash' }, (_request, reply) => sendIndex(reply))
  if (config.prefix !== '') {
    // Relative asset paths resolve against `{prefix}/`, so the bare prefix redirects there.
    app.get('/', { prefixTrailingSlash: 'no-slash' }, (_request, reply) => reply.redirect(`${config.prefix}/`, 308))
  }
  app.get('/index.html', (_request, reply) => reply.redirect(`${config.prefix}/`, 308))

  if (!(await hasIndex(uiDir)) || uiDir === null) return
  await app.register(fastifyStatic, {
    root: uiDir,
    prefix: '/',
    index: false,
    wildcard: true,
    serveDotFiles: false,
    decorateReply: false,
    cacheControl: false,
    // Hashed bundles never change under the same name; everything else is revalidated.
    setHeaders(reply, path) {
      const immutable = /[\\/]assets[\\/]/.test(path)
      void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
    allowedPath: (pathName) => pathName !== '/index.html',
  })
}
