/**
 * `GET {prefix}/oauth-callback`: the static page the provider redirects the authorization popup to, and
 * `GET {prefix}/oauth-callback.js`, its script. Both are the same bytes for every request: no side effects.
 */
import type { FastifyInstance } from 'fastify'
import { callbackPage, callbackScript } from '../oauth/callback-page.js'

export const OAUTH_CALLBACK_PATH = '/oauth-callback'

export function registerOAuthCallbackRoutes(app: FastifyInstance): void {
  const page = callbackPage(`${app.prefix}${OAUTH_CALLBACK_PATH}.js`)

  app.get(OAUTH_CALLBACK_PATH, (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Arriving from the provider's page (no COOP), any other policy here would move the popup to a new browsing
      // context group and cut it from its opener, so the code could not be handed back.
      .header('cross-origin-opener-policy', 'unsafe-none')
      .send(page),
  )

  app.get(`${OAUTH_CALLBACK_PATH}.js`, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(callbackScript),
  )
}
