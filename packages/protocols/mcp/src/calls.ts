/**
 * One call of a discovered method over the pooled session: `tools/call` (structured content checked against the
 * tool's `outputSchema`; `isError` is the tool's own error, a result), `resources/read` (a resource, or a template
 * filled from its variables), `prompts/get`, and the `Session` service's requests. A JSON-RPC error the server
 * answers is a result too; only failures to get an answer throw. A session the server forgot is reconnected and the
 * call sent once more (it never reached the server).
 */
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js'
import {
  CallToolResultSchema,
  GetPromptResultSchema,
  McpError,
  ReadResourceResultSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { WorkbenchError } from '@wirebench/core'
import type {
  Call,
  CallContext,
  McpProgressToken,
  OutputValidation,
  PendingValidation,
  ResponseValidation,
  SentRequest,
  StatusName,
} from '@wirebench/core'
import type { ServerDescription } from './describe/services.js'
import { sessionService } from './describe/services.js'
import { httpStatusOf, jsonRpcCodes, statusOfJsonRpcCode, toMcpError, unknownMethod } from './errors.js'
import { readMessage, refuseStrayKeys, stringValue } from './message.js'
import { jsonRpcSent } from './sent-request.js'
import { urlElicitationMessage, urlElicitationsOf } from './url-elicitation.js'
import { checkToolResult } from './validation.js'
import { runSessionOp, sessionOps } from './session-ops.js'
import type { SessionOp } from './session-ops.js'
import type { CallOptions, McpSession } from './session/mcp-session.js'
import { mintProgressToken } from './session/mcp-session.js'
import type { SessionPool, SessionRequest } from './session/pool.js'
import { promptsService, resourcesService, templatesService, toolsService } from './types.js'

export interface CallDeps {
  pool: SessionPool
  /** The target's description: cached, else listed over `session`. `fresh` lists it again. */
  describe(request: SessionRequest, session: McpSession, ctx: CallContext, fresh: boolean): Promise<ServerDescription>
}

export interface MethodOutcome {
  response: unknown
  status: StatusName
  statusMessage?: string
  errorDetails?: unknown
  outputValidation?: OutputValidation
  validation?: ResponseValidation
  validationPending?: PendingValidation
  progressToken?: McpProgressToken
  /** The session that answered (none for `disconnect`, which closes it). */
  session: McpSession | undefined
  /** The JSON-RPC request of a tool call, resource read or prompt (not the `Session` service's). */
  sent?: SentRequest
}

type Progress = CallOptions['onProgress']

const toolShape = 'Send the tool’s arguments as one object; `_meta` (with progressToken) is the request’s own.'
const templateShape = 'Send the template’s variables as one object of strings.'
const promptShape = 'Send the prompt’s arguments as one object of strings.'

/** The server answered the request with a JSON-RPC error (the session is fine, nobody cancelled). */
function isServerAnswer(error: unknown, session: McpSession, signal: AbortSignal): error is McpError {
  return error instanceof McpError && session.isOpen && !signal.aborted && error.code !== jsonRpcCodes.connectionClosed
}

/** A Streamable HTTP server that no longer knows the session: 404 (the spec), or 400 naming the session. */
function isLostSession(error: unknown, session: McpSession): boolean {
  if (session.transportKind !== 'streamable-http') return false
  const status = httpStatusOf(error)
  return status === 404 || (status === 400 && error instanceof Error && /session/i.test(error.message))
}

function errorOutcome(error: McpError, session: McpSession): MethodOutcome {
  // The SDK puts `MCP error <code>: ` before the message the server sent; the result shows the server's own words.
  const prefix = `MCP error ${error.code}: `
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message
  const body: { code: number; message: string; data?: unknown } = { code: error.code, message }
  if (error.data !== undefined) body.data = error.data
  const elicitations = urlElicitationsOf(error)
  return {
    response: { error: body },
    status: statusOfJsonRpcCode(error.code),
    statusMessage: elicitations ? urlElicitationMessage(message, elicitations) : message,
    errorDetails: body,
    session,
  }
}

async function callMethod(
  call: Call,
  request: SessionRequest,
  session: McpSession,
  ctx: CallContext,
  deps: CallDeps,
  onProgress: Progress,
  onSend: (sent: SentRequest) => void,
): Promise<MethodOutcome> {
  // What the session writes: the params with `_meta.progressToken` (the session adds it the same way).
  const send = (method: string, params: Record<string, unknown>, token: McpProgressToken | undefined) => {
    // Built only for a caller that shows it (the response pane, the CLI's -v).
    if (ctx.isSentOmitted !== true) {
      const meta = { ...(params['_meta'] as Record<string, unknown> | undefined), progressToken: token }
      onSend(jsonRpcSent(session, request.address, ctx.metadata, { method, params: { ...params, _meta: meta } }))
    }
    return { method, params }
  }
  const options = (token: McpProgressToken | undefined): CallOptions => {
    const chosen: CallOptions = { progressToken: token ?? mintProgressToken() }
    if (onProgress) chosen.onProgress = onProgress
    return chosen
  }
  if (call.service === sessionService) {
    if (!sessionOps.includes(call.method)) throw unknownMethod(call.service, call.method, request.address)
    const { fields } = readMessage(call.messages, call.method, 'Send one object.')
    const response = await runSessionOp(call.method as SessionOp, fields, session, ctx)
    return { response, status: 'OK', session }
  }
  let description = await deps.describe(request, session, ctx, false)
  const lookup = () => {
    switch (call.service) {
      case toolsService:
        return description.tools.get(call.method)
      case resourcesService:
        return description.resources.get(call.method)
      case templatesService:
        return description.templates.get(call.method)
      case promptsService:
        return description.prompts.get(call.method)
      default:
        return undefined
    }
  }
  if (lookup() === undefined) {
    // The lists may have changed since discovery: look once more before refusing.
    description = await deps.describe(request, session, ctx, true)
    if (lookup() === undefined) throw unknownMethod(call.service, call.method, request.address)
  }
  switch (call.service) {
    case toolsService: {
      const tool = description.tools.get(call.method)!
      const { fields, meta } = readMessage(call.messages, `${tool.name} tool`, toolShape)
      const chosen = options(meta?.progressToken)
      const params: Record<string, unknown> = { name: tool.name, arguments: fields }
      if (meta) params['_meta'] = meta
      const result = await session.call(
        send('tools/call', params, chosen.progressToken),
        CallToolResultSchema,
        ctx,
        chosen,
      )
      const outcome: MethodOutcome = { response: result, status: 'OK', progressToken: chosen.progressToken!, session }
      if (result.isError === true) {
        outcome.status = 'Unknown'
        outcome.statusMessage = 'The tool reported an error (isError).'
      }
      if (tool.outputSchema) {
        const checked = checkToolResult({ name: tool.name, outputSchema: tool.outputSchema }, result, ctx.validator)
        Object.assign(outcome, checked)
      }
      return outcome
    }
    case resourcesService:
    case templatesService: {
      let uri: string
      let meta
      if (call.service === resourcesService) {
        const read = readMessage(call.messages, 'resource read', 'Send {} (or only `_meta`).')
        refuseStrayKeys(read.fields, [], 'resource read', 'A resource takes no arguments; send {}.')
        uri = description.resources.get(call.method)!.uri
        meta = read.meta
      } else {
        const { template, variables } = description.templates.get(call.method)!
        const read = readMessage(call.messages, 'resource template', templateShape)
        const names = variables.map((v) => v.name)
        refuseStrayKeys(read.fields, names, 'resource template', templateShape)
        const missing = variables.filter(
          (v) => v.required && (read.fields[v.name] === undefined || read.fields[v.name] === ''),
        )
        if (missing.length > 0) {
          throw new WorkbenchError(
            'invalid_request',
            `${template.uriTemplate} needs ${missing.map((v) => `"${v.name}"`).join(', ')}.`,
            {
              hint: templateShape,
            },
          )
        }
        const values: Record<string, string | string[]> = {}
        for (const [name, value] of Object.entries(read.fields)) {
          values[name] = Array.isArray(value)
            ? value.map((item) => stringValue(item, name, 'resource template', templateShape))
            : stringValue(value, name, 'resource template', templateShape)
        }
        uri = new UriTemplate(template.uriTemplate).expand(values)
        meta = read.meta
      }
      const chosen = options(meta?.progressToken)
      const params: Record<string, unknown> = { uri }
      if (meta) params['_meta'] = meta
      const result = await session.call(
        send('resources/read', params, chosen.progressToken),
        ReadResourceResultSchema,
        ctx,
        chosen,
      )
      return { response: result, status: 'OK', progressToken: chosen.progressToken!, session }
    }
    case promptsService: {
      const prompt = description.prompts.get(call.method)!
      const read = readMessage(call.messages, `${prompt.name} prompt`, promptShape)
      const names = (prompt.arguments ?? []).map((a) => a.name)
      refuseStrayKeys(read.fields, names, `${prompt.name} prompt`, promptShape)
      const args: Record<string, string> = {}
      for (const [name, value] of Object.entries(read.fields))
        args[name] = stringValue(value, name, 'prompt', promptShape)
      const chosen = options(read.meta?.progressToken)
      const params: Record<string, unknown> = { name: prompt.name, arguments: args }
      if (read.meta) params['_meta'] = read.meta
      const result = await session.call(
        send('prompts/get', params, chosen.progressToken),
        GetPromptResultSchema,
        ctx,
        chosen,
      )
      return { response: result, status: 'OK', progressToken: chosen.progressToken!, session }
    }
    default:
      throw unknownMethod(call.service, call.method, request.address)
  }
}

/** Runs a call; `onProgress` gets the server's progress notifications for it. */
export async function runMethod(
  call: Call,
  request: SessionRequest,
  ctx: CallContext,
  deps: CallDeps,
  onProgress?: Progress,
): Promise<MethodOutcome> {
  if (call.service === sessionService && call.method === 'disconnect') {
    // Closing must not open a session first: without one there is nothing to do.
    readMessage(call.messages, 'disconnect', 'Send {}.')
    const started = await deps.pool.disconnect(request, ctx, 'Disconnected on request.')
    return { response: { disconnected: started }, status: 'OK', session: undefined }
  }
  for (let attempt = 0; ; attempt++) {
    const lease = await deps.pool.acquire(request, ctx)
    const { session } = lease
    let sent: SentRequest | undefined
    const withSent = (outcome: MethodOutcome): MethodOutcome => (sent ? { ...outcome, sent } : outcome)
    try {
      return withSent(await callMethod(call, request, session, ctx, deps, onProgress, (s) => (sent = s)))
    } catch (error) {
      if (isServerAnswer(error, session, ctx.signal)) return withSent(errorOutcome(error, session))
      if (attempt === 0 && isLostSession(error, session)) {
        await session.close(new WorkbenchError('upstream_unreachable', 'The server no longer knows the session.'))
        continue
      }
      if (!session.isOpen && !(error instanceof WorkbenchError) && !ctx.signal.aborted) throw session.failure()
      throw toMcpError(error, {
        url: request.address,
        challenge: session.fetch?.challenge,
        refusedFreshToken: session.fetch?.refusedFreshToken,
        signal: ctx.signal,
      })
    } finally {
      lease.release()
    }
  }
}
