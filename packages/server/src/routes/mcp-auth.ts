/**
 * MCP authorization routes (`POST /api/mcp/auth/start|complete|status|disconnect`): thin over the MCP authorizations
 * service. Bodies are never logged (a code travels in `complete`); answers never carry a token. A failure of the
 * authorization server itself is a 502 problem, as with the token proxy; a refused endpoint keeps its own status.
 */
import { MCP_AUTH_ROUTES, WorkbenchError } from '@wirebench/core'
import type { McpAuthCompleteRequest, McpAuthStartRequest, McpAuthUrlRequest } from '@wirebench/core'
import type { McpAuthorizations } from '@wirebench/protocol-mcp/oauth'
import type { JSONSchemaType } from 'ajv'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { sendProblem } from '../errors/error-handler.js'
import { toProblem } from '../errors/problem.js'
import { clientGone } from './deps.js'
import { absentNeverNull, dropNullFields } from './null-fields.js'

const url = { type: 'string', minLength: 1, maxLength: 4096 } as const
const optionalShort = { type: 'string', nullable: true, maxLength: 4096 } as const

const startSchema: JSONSchemaType<McpAuthStartRequest> = {
  type: 'object',
  required: ['url', 'redirectUri'],
  additionalProperties: false,
  properties: {
    url,
    redirectUri: url,
    resourceMetadataUrl: { ...url, nullable: true },
    scope: optionalShort,
    clientId: optionalShort,
  },
}
const completeSchema: JSONSchemaType<McpAuthCompleteRequest> = {
  type: 'object',
  required: ['state', 'code'],
  additionalProperties: false,
  properties: {
    state: url,
    code: { type: 'string', minLength: 1, maxLength: 64 * 1024 },
    iss: { ...url, nullable: true },
  },
}
const urlSchema: JSONSchemaType<McpAuthUrlRequest> = {
  type: 'object',
  required: ['url'],
  additionalProperties: false,
  properties: { url },
}

const upstreamCodes = new Set(['upstream_unreachable', 'upstream_error', 'upstream_invalid', 'timeout'])

/**
 * The redirect URI is registered with the authorization server and receives the code: it must be this workbench's
 * callback as the browser reached it. The Host header was already admitted by the host gate (loopback or an allowed
 * name), so the same host is the workbench's own origin; any other host could collect the code.
 */
function checkOwnCallback(redirectUri: string, host: string | undefined): void {
  let target: URL | undefined
  try {
    target = new URL(redirectUri)
  } catch {
    target = undefined
  }
  if (!target || host === undefined || target.host.toLowerCase() !== host.trim().toLowerCase()) {
    throw new WorkbenchError('invalid_request', 'The redirect URI must be the workbench’s own /oauth-callback page.', {
      hint: `Connect from the workbench page: it sends its own address (${host ?? 'this host'}) with /oauth-callback.`,
    })
  }
}

export interface McpAuthRouteDeps {
  authorizations: McpAuthorizations
  jsonBodyBytes: number
}

export function registerMcpAuthRoutes(app: FastifyInstance, deps: McpAuthRouteDeps): void {
  app.addHook('onClose', () => deps.authorizations.close())

  function route<B>(
    path: string,
    schema: JSONSchemaType<B>,
    run: (body: B, signal: AbortSignal, host: string | undefined) => Promise<unknown>,
  ) {
    app.post<{ Body: B }>(
      path,
      { schema: { body: absentNeverNull(schema) }, bodyLimit: deps.jsonBodyBytes, preValidation: dropNullFields },
      async (request, reply): Promise<FastifyReply> => {
        const controller = new AbortController()
        const stopListening = clientGone(reply).onCancel(() => controller.abort())
        try {
          const answer = await run(request.body as B, controller.signal, request.headers.host)
          return await reply.code(200).header('cache-control', 'no-store').send(answer)
        } catch (error) {
          const failure = WorkbenchError.from(error)
          if (!upstreamCodes.has(failure.code)) throw failure
          request.log.warn({ code: failure.code }, `MCP authorization failed: ${failure.message}`)
          return sendProblem(reply, toProblem(failure, { status: 502 }))
        } finally {
          stopListening()
        }
      },
    )
  }

  route(MCP_AUTH_ROUTES.start, startSchema, (body, signal, host) => {
    checkOwnCallback(body.redirectUri, host)
    return deps.authorizations.start(body, signal)
  })
  route(MCP_AUTH_ROUTES.complete, completeSchema, (body, signal) =>
    deps.authorizations.complete(body.state, body.code, signal, body.iss),
  )
  route(MCP_AUTH_ROUTES.status, urlSchema, (body) => deps.authorizations.status(body.url))
  route(MCP_AUTH_ROUTES.disconnect, urlSchema, (body) => deps.authorizations.disconnect(body.url))
}
