/**
 * A JSON API on Koa 3 with @koa/router's `allowedMethods()`, the way REST frameworks (Django REST framework,
 * restify, @koa/router) refuse a method a route does not take: `POST /messages` stores a message and answers 201;
 * `GET /messages` is 405 with `Allow: POST` (and OPTIONS lists the methods). It streams nothing.
 */
import { createServer } from 'node:http'
import Router from '@koa/router'
import Koa from 'koa'

export async function startKoaPostOnlyApi() {
  const seen = []
  const stored = []
  const app = new Koa()
  const router = new Router()
  app.use(async (ctx, next) => {
    seen.push(`${ctx.method} ${ctx.path}`)
    await next()
  })
  router.post('/messages', async (ctx) => {
    let body = ''
    for await (const chunk of ctx.req) body += chunk
    stored.push(body)
    ctx.status = 201
    ctx.body = { id: stored.length }
  })
  app.use(router.routes())
  app.use(router.allowedMethods())
  const server = createServer(app.callback())
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/messages`,
    requests: () => [...seen],
    stored: () => [...stored],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
