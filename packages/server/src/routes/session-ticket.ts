/**
 * `POST {prefix}/api/session/ticket`: the page trades its launch ticket for the session token. It is the one API route
 * the token gate lets through (the page has no token yet); Host and Origin are checked as everywhere, and only the
 * page's own same-origin fetch qualifies. A second attempt at a spent ticket means two parties held the link: the
 * token it bought may be in another program's hands, so it is replaced at once and the terminal shows the new one.
 */
import { SESSION_TICKET_PATH, WorkbenchError } from '@wirebench/core'
import type { SessionTicketRequest, SessionTicketResponse } from '@wirebench/core'
import type { JSONSchemaType } from 'ajv'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sessionRefusal } from '../errors/problem.js'
import type { LaunchTickets, TicketOutcome } from '../security/launch-tickets.js'
import type { SessionToken } from '../security/token.js'

const bodySchema: JSONSchemaType<SessionTicketRequest> = {
  type: 'object',
  required: ['ticket'],
  additionalProperties: false,
  properties: { ticket: { type: 'string', minLength: 1, maxLength: 128 } },
}

const reopen = 'Open the URL the wirebench command printed in your terminal (it ends with #token=…) in this tab.'

const reopenNew =
  'Open the new URL the wirebench command just printed in your terminal (it ends with #token=…) in this tab.'

const refusals: Record<Exclude<TicketOutcome, 'ok'>, string> = {
  reused:
    'This link’s one-time sign-in ticket was already used: another program on this computer may have used it. ' +
    'The workbench replaced its session token, so whoever used the link is signed out.',
  used: 'This link’s one-time sign-in ticket was already used.',
  expired: 'This link’s one-time sign-in ticket has expired.',
  unknown: 'This link’s sign-in ticket is not one this workbench issued (was it restarted?).',
}

/** The page's own fetch: a browser marks it same-origin and names the origin (the gate has checked which one). */
function isPageFetch(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  return request.headers.origin !== undefined && (site === undefined || site === 'same-origin')
}

export interface SessionTicketDeps {
  tickets: LaunchTickets
  token: SessionToken
}

export function registerSessionTicketRoutes(app: FastifyInstance, deps: SessionTicketDeps): void {
  app.post<{ Body: SessionTicketRequest }>(
    SESSION_TICKET_PATH,
    { schema: { body: bodySchema }, bodyLimit: 1024 },
    (request, reply): SessionTicketResponse => {
      if (!isPageFetch(request)) {
        throw new WorkbenchError('forbidden', 'Only the workbench page itself may exchange a sign-in ticket.', {
          details: sessionRefusal,
        })
      }
      const outcome = deps.tickets.redeem(request.body.ticket)
      if (outcome === 'reused') {
        deps.token.rotate()
        request.log.warn('a spent launch ticket was presented again: the session token was replaced')
      }
      if (outcome !== 'ok') {
        throw new WorkbenchError('unauthorized', refusals[outcome], {
          hint: outcome === 'reused' ? reopenNew : reopen,
          details: sessionRefusal,
        })
      }
      void reply.header('cache-control', 'no-store')
      return { token: deps.token.value }
    },
  )
}
