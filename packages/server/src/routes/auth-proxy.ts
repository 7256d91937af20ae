/**
 * The token proxy routes (SPEC.md "Endpoints"): `POST /api/auth/oauth-token`, `/oauth-code-exchange`, `/oauth-refresh`
 * and `/custom-token`. A 2xx JSON answer is passed through unchanged; every upstream failure, a timeout included, is
 * a 502 problem naming the upstream status and the provider's error, never the request's secrets.
 */
import { AUTH_PROXY_ROUTES } from '@wirebench/auth'
import type {
  CustomTokenRequest,
  OAuthCodeExchangeRequest,
  OAuthRefreshRequest,
  OAuthTokenRequest,
} from '@wirebench/auth'
import { WorkbenchError } from '@wirebench/core'
import type { JSONSchemaType } from 'ajv'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { sendProblem } from '../errors/error-handler.js'
import { toProblem } from '../errors/problem.js'
import type { TokenProxy } from '../services/token-proxy.js'
import {
  codeExchangeBodySchema,
  customTokenBodySchema,
  oauthTokenBodySchema,
  refreshBodySchema,
} from './auth-schemas.js'
import { clientGone } from './deps.js'
import { dropNullFieldsWithin } from './null-fields.js'

export interface AuthProxyRouteDeps {
  proxy: TokenProxy
  jsonBodyBytes: number
}

/** Failures of the token endpoint itself: SPEC.md "Errors" answers each with 502. */
const upstreamCodes = new Set(['upstream_unreachable', 'upstream_error', 'upstream_invalid', 'timeout'])

export function registerAuthProxyRoutes(app: FastifyInstance, deps: AuthProxyRouteDeps): void {
  app.addHook('onClose', () => deps.proxy.close())

  function proxyRoute<B>(
    path: string,
    schema: JSONSchemaType<B>,
    forward: (body: B, signal: AbortSignal) => Promise<Buffer>,
  ): void {
    app.post<{ Body: B }>(
      path,
      // The body is never logged: it carries the client secret, the code, the verifier or the refresh token.
      { schema: { body: schema }, bodyLimit: deps.jsonBodyBytes, preValidation: dropNullFieldsWithin(['trust']) },
      async (request, reply): Promise<FastifyReply> => {
        const controller = new AbortController()
        const stopListening = clientGone(reply).onCancel(() => controller.abort())
        try {
          const body = await forward(request.body as B, controller.signal)
          return await reply
            .code(200)
            .type('application/json; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(body)
        } catch (error) {
          const failure = WorkbenchError.from(error)
          if (!upstreamCodes.has(failure.code)) throw failure
          request.log.warn({ code: failure.code }, `token request failed: ${failure.message}`)
          return sendProblem(reply, toProblem(failure, { status: 502 }))
        } finally {
          stopListening()
        }
      },
    )
  }

  proxyRoute<OAuthTokenRequest>(AUTH_PROXY_ROUTES.oauthToken, oauthTokenBodySchema, (body, signal) =>
    deps.proxy.clientCredentials(body, signal),
  )
  proxyRoute<OAuthCodeExchangeRequest>(AUTH_PROXY_ROUTES.codeExchange, codeExchangeBodySchema, (body, signal) =>
    deps.proxy.codeExchange(body, signal),
  )
  proxyRoute<OAuthRefreshRequest>(AUTH_PROXY_ROUTES.refresh, refreshBodySchema, (body, signal) =>
    deps.proxy.refresh(body, signal),
  )
  proxyRoute<CustomTokenRequest>(AUTH_PROXY_ROUTES.customToken, customTokenBodySchema, (body, signal) =>
    deps.proxy.customToken(body, signal),
  )
}
