/**
 * The session-wide requests, shared by the `Session` service's unary methods (`POST /api/invoke`) and the session
 * channel's sends: ping, completion, log level, resource subscriptions, disconnect.
 */
import { CompleteResultSchema, EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, McpCompleteMessage } from '@wirebench/core'
import { badMessage } from './errors.js'
import { logLevels } from './describe/messages.js'
import { refuseStrayKeys } from './message.js'
import type { McpSession } from './session/mcp-session.js'

export type SessionOp = 'info' | 'ping' | 'complete' | 'setLevel' | 'subscribe' | 'unsubscribe'

export const sessionOps: readonly string[] = ['info', 'ping', 'complete', 'setLevel', 'subscribe', 'unsubscribe']

const completeShape =
  'Send {ref: {type: "ref/prompt", name} | {type: "ref/resource", uri}, argument: {name, value}, context?: {arguments}}.'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function readComplete(fields: Record<string, unknown>): McpCompleteMessage {
  refuseStrayKeys(fields, ['ref', 'argument', 'context'], 'complete', completeShape)
  const { ref, argument, context } = fields
  const refOk =
    isRecord(ref) &&
    ((ref['type'] === 'ref/prompt' && typeof ref['name'] === 'string') ||
      (ref['type'] === 'ref/resource' && typeof ref['uri'] === 'string'))
  if (!refOk) throw badMessage('complete', 'ref must name a prompt or a resource template', completeShape)
  if (!isRecord(argument) || typeof argument['name'] !== 'string' || typeof argument['value'] !== 'string') {
    throw badMessage('complete', 'argument must be {name, value} strings', completeShape)
  }
  const message: McpCompleteMessage = {
    ref: ref as McpCompleteMessage['ref'],
    argument: { name: argument['name'], value: argument['value'] },
  }
  if (context !== undefined) {
    const values = isRecord(context) ? context['arguments'] : undefined
    if (
      !isRecord(context) ||
      (values !== undefined && (!isRecord(values) || !Object.values(values).every((v) => typeof v === 'string')))
    ) {
      throw badMessage('complete', 'context must be {arguments: {name: value}} with string values', completeShape)
    }
    message.context = values === undefined ? {} : { arguments: values as Record<string, string> }
  }
  return message
}

function readUri(fields: Record<string, unknown>, op: string): string {
  refuseStrayKeys(fields, ['uri'], op, `Send {uri}.`)
  if (typeof fields['uri'] !== 'string' || fields['uri'] === '')
    throw badMessage(op, 'uri must be a non-empty string', 'Send {uri}.')
  return fields['uri']
}

/** Runs one session op; throws the SDK's errors (a server's JSON-RPC error included) for the caller to map. */
export async function runSessionOp(
  op: SessionOp,
  fields: Record<string, unknown>,
  session: McpSession,
  ctx: CallContext,
): Promise<unknown> {
  switch (op) {
    case 'info':
      refuseStrayKeys(fields, [], op, 'Send {}.')
      return session.info()
    case 'ping':
      refuseStrayKeys(fields, [], op, 'Send {}.')
      return session.request({ method: 'ping' }, EmptyResultSchema, ctx)
    case 'complete': {
      const params = readComplete(fields)
      return session.request({ method: 'completion/complete', params: { ...params } }, CompleteResultSchema, ctx)
    }
    case 'setLevel': {
      refuseStrayKeys(fields, ['level'], op, 'Send {level}.')
      const level = fields['level']
      if (typeof level !== 'string' || !(logLevels as readonly string[]).includes(level)) {
        throw badMessage(op, `level must be one of ${logLevels.join(', ')}`, 'Send {level}.')
      }
      return session.request({ method: 'logging/setLevel', params: { level } }, EmptyResultSchema, ctx)
    }
    case 'subscribe':
    case 'unsubscribe':
      return session.request(
        { method: `resources/${op}`, params: { uri: readUri(fields, op) } },
        EmptyResultSchema,
        ctx,
      )
    default: {
      const never: never = op
      throw new WorkbenchError('not_found', `Unknown session op ${String(never)}.`)
    }
  }
}
