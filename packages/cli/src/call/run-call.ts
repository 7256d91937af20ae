/**
 * Runs one call the way the server runs it: a unary (or batched client-stream) call through the invoke service, a
 * server stream through the plugin's `invokeStream`, a duplex channel through `openChannel`, each under the server's
 * call context (limits, deadline, header checks).
 */
import { WorkbenchError } from '@wirebench/core'
import type { Call, CallContext, Channel, MethodInfo, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import type { CliEngine } from '../engine/cli-engine.js'
import type { CallAuth } from '../environment/call-auth.js'
import { exitCodeForResult, exitCodes, unfollowedRedirect } from '../exit-codes.js'
import type { ExitCode } from '../exit-codes.js'
import { CliFailure } from '../failure.js'
import { formatJson } from '../io.js'
import type { CliIo } from '../io.js'
import { printFrames } from './live-frames.js'
import { collectMessages, stdinMessages } from './messages.js'
import type { DataSource } from './messages.js'
import type { SeenResponse } from './seen-response.js'
import type { VerboseLog } from './verbose.js'

export interface CallPlan {
  service: ServiceInfo
  method: MethodInfo
  sources: DataSource[]
  headers: Record<string, string>
  /** `--timeout` in milliseconds. */
  timeoutMs?: number
  /** Send to this server instead of the discovered base URL (a saved request's). */
  serverUrl?: string
}

export interface CallRun {
  engine: CliEngine
  auth: CallAuth
  io: CliIo
  verbose: VerboseLog
  /** Filled with what came back, for chaining and assertions (`seen-response.ts`). */
  seen?: SeenResponse
}

/** Redirect reason phrases (RFC 9110), here rather than node:http's table: a cold call must not load node:http. */
const redirectNames: Readonly<Record<number, string>> = {
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
}

/**
 * Protocols whose channel is a connection: half-closing it closes it, so after the last message the command keeps
 * listening until the server closes or `--timeout` (which then ends the call normally).
 */
const connectionProtocols = new Set(['websocket', 'signalr'])

/**
 * Protocols whose connection opens on its first message (which may carry only options): without -d the command sends
 * an empty one, so the connection opens with default options and the command listens to what the server sends.
 */
const openedByFirstMessage = new Set(['signalr'])

function targetUrlOf(plan: CallPlan): string | undefined {
  return plan.serverUrl ?? plan.method.baseUrl ?? plan.service.baseUrl ?? plan.service.originUrl
}

function address(plan: CallPlan) {
  return {
    protocol: plan.service.protocol,
    url: plan.service.originUrl ?? '',
    service: plan.service.name,
    method: plan.method.name,
    ...(plan.serverUrl !== undefined ? { serverUrl: plan.serverUrl } : {}),
  }
}

async function runUnary(plan: CallPlan, run: CallRun): Promise<ExitCode> {
  const isSingle = plan.method.methodType === 'Unary'
  const messages = await collectMessages(plan.sources, run.io.stdin, isSingle)
  if (isSingle && messages.length > 1) {
    throw CliFailure.usage(
      `${plan.method.name} is a unary method: it takes one -d, not ${messages.length}.`,
      'Several -d are for client-streaming and bidi methods.',
    )
  }
  const prepared = await run.auth.prepare({
    protocol: plan.service.protocol,
    targetUrl: targetUrlOf(plan),
    metadata: plan.headers,
    messages: messages.length > 0 ? messages : [{}],
  })
  const result = await run.engine.invoker.invoke({
    request: {
      ...address(plan),
      messages: prepared.messages,
      metadata: prepared.metadata,
      ...(plan.timeoutMs !== undefined ? { timeoutMs: plan.timeoutMs } : {}),
      // `-v` prints what was sent.
      includeSent: true,
    },
    logger: run.engine.logger,
  })
  run.verbose.result(result)
  run.seen?.unary(result)
  const answered =
    result.responses && plan.method.methodType !== 'Unary' && result.responses.length > 1
      ? result.responses
      : result.response
  // A failed call that answered nothing (a SignalR hub error) prints what went wrong, not `null`.
  const body =
    (answered === undefined || answered === null) && result.status !== 'OK' && result.errorDetails !== undefined
      ? result.errorDetails
      : answered
  const redirect = unfollowedRedirect(result)
  // A redirect's body is rarely more than an empty string: the status line and Location below say it all.
  if (body !== undefined && !(redirect !== undefined && body === '')) run.io.out(formatJson(body, run.io.isTTY))
  else if (result.responseBinary !== undefined) run.io.out(formatJson({ binary: result.responseBinary }, run.io.isTTY))
  if (result.truncated) run.io.err('wirebench: the response was larger than the limit and was cut.\n')
  const code = exitCodeForResult(result, plan.service.protocol)
  if (redirect !== undefined) {
    const location = result.metadata['location']
    run.io.err(
      `wirebench: HTTP ${redirect} ${redirectNames[redirect] ?? 'Redirect'}${location ? `, Location: ${location}` : ''}\n` +
        `  Redirects are not followed: call the address it names (--url, or the document's server URL) instead.\n`,
    )
  } else if (code !== exitCodes.ok) {
    const http = result.metadata['http_status']
    run.io.err(
      `wirebench: the call completed with ${result.status}${http ? ` (HTTP ${http})` : ''}${result.statusMessage ? `: ${result.statusMessage}` : ''}\n`,
    )
  }
  return code
}

/** A call context under the command's deadline; `expire` says what reaching it means. */
function liveContext(
  run: CallRun,
  metadata: Record<string, string>,
  timeoutMs: number | undefined,
  onExpire: () => WorkbenchError,
) {
  const controller = new AbortController()
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(onExpire()), timeoutMs)
  return {
    controller,
    stop: () => clearTimeout(timer),
    create: async (): Promise<CallContext> => {
      const { createCallContext } = await import('@wirebench/server/engine')
      return createCallContext({
        abort: controller.signal,
        metadata,
        logger: run.engine.logger,
        limits: {
          maxResponseBytes: run.engine.limits.maxResponseBytes,
          maxQueuedFrames: run.engine.limits.liveMaxQueuedFrames,
        },
        ...(timeoutMs !== undefined ? { timeoutMs } : { fallbackTimeoutMs: run.engine.limits.liveIdleTimeoutMs }),
      })
    },
  }
}

async function resolve(
  plan: CallPlan,
  run: CallRun,
  messages: unknown[],
): Promise<{ call: Call; plugin: ProtocolPlugin }> {
  const { resolveCall } = await import('@wirebench/server/engine')
  return resolveCall(address(plan), messages, run.engine)
}

async function runStream(plan: CallPlan, run: CallRun): Promise<ExitCode> {
  const messages = await collectMessages(plan.sources, run.io.stdin, true)
  if (messages.length > 1) throw CliFailure.usage(`${plan.method.name} is a server stream: it takes one -d.`)
  const prepared = await run.auth.prepare({
    protocol: plan.service.protocol,
    targetUrl: targetUrlOf(plan),
    metadata: plan.headers,
    messages: messages.length > 0 ? messages : [{}],
  })
  run.verbose.request(
    `${plan.service.protocol} ${plan.service.name}/${plan.method.name} (server stream)`,
    Object.entries(prepared.metadata),
  )
  const { plugin, call } = await resolve(plan, run, prepared.messages)
  if (!plugin.invokeStream) throw CliFailure.usage(`${plugin.name} has no server streams.`)
  const live = liveContext(run, prepared.metadata, plan.timeoutMs, () => timeoutOf(plan.timeoutMs))
  try {
    const code = await printFrames(plugin.invokeStream(call, await live.create()), {
      io: run.io,
      verbose: run.verbose,
      ...(run.seen ? { onFrame: run.seen.frame } : {}),
      isEndedByUs: () => live.controller.signal.aborted,
    })
    throwIfExpired(live.controller.signal)
    return code
  } catch (error) {
    throwIfExpired(live.controller.signal)
    throw error
  } finally {
    live.stop()
    live.controller.abort(new WorkbenchError('cancelled', 'The command is over.'))
  }
}

/** Our deadline ended the call: that, not what the plugin made of the abort, is the outcome. */
function throwIfExpired(signal: AbortSignal): void {
  if (signal.aborted && WorkbenchError.is(signal.reason, 'timeout')) throw signal.reason
}

function timeoutOf(timeoutMs: number | undefined): WorkbenchError {
  return new WorkbenchError('timeout', `No end within ${(timeoutMs ?? 0) / 1000} s (--timeout).`, {
    hint: 'Give the call more time with --timeout <seconds>.',
  })
}

/** Sends the `-d` messages in order (standard input line by line for `-d @-`), each substituted as it goes. */
async function sendAll(channel: Channel, plan: CallPlan, run: CallRun): Promise<void> {
  const send = async (message: unknown) => {
    if (!(await channel.send(await run.auth.frame(message)))) {
      throw new WorkbenchError('upstream_error', 'The channel closed before every message was sent.')
    }
  }
  for (const source of plan.sources) {
    if (source.kind === 'value') await send(source.value)
    else for await (const message of stdinMessages(run.io.stdin)) await send(message)
  }
}

async function runChannel(plan: CallPlan, run: CallRun): Promise<ExitCode> {
  const protocol = plan.service.protocol
  const isConnection = connectionProtocols.has(protocol)
  const prepared = await run.auth.prepare({
    protocol,
    targetUrl: targetUrlOf(plan),
    metadata: plan.headers,
    messages: [],
  })
  run.verbose.request(
    `${protocol} ${plan.service.name}/${plan.method.name} (channel)`,
    Object.entries(prepared.metadata),
  )
  const { plugin, call } = await resolve(plan, run, [])
  if (!plugin.openChannel) throw CliFailure.usage(`${plugin.name} has no channels.`)
  let isListening = false
  const live = liveContext(run, prepared.metadata, plan.timeoutMs, () =>
    isConnection && isListening
      ? new WorkbenchError('cancelled', 'Listened for --timeout.')
      : timeoutOf(plan.timeoutMs),
  )
  let channel: Channel | undefined
  const failures = { count: 0 }
  try {
    channel = await plugin.openChannel(call, await live.create())
    const opened = channel
    const printing = printFrames(opened.frames(), {
      io: run.io,
      verbose: run.verbose,
      ...(run.seen ? { onFrame: run.seen.frame } : {}),
      isEndedByUs: () => live.controller.signal.aborted,
      failures,
    })
    // A failed print must not go unobserved while messages are still being sent.
    printing.catch(() => undefined)
    if (plan.sources.length === 0 && openedByFirstMessage.has(protocol)) {
      if (!(await opened.send({}))) throw new WorkbenchError('upstream_error', 'The connection closed as it opened.')
    }
    await sendAll(opened, plan, run)
    if (isConnection) isListening = true
    else await opened.closeSend()
    const code = await printing
    throwIfExpired(live.controller.signal)
    if (live.controller.signal.aborted) run.verbose.note(`closed after ${(plan.timeoutMs ?? 0) / 1000} s (--timeout)`)
    return code
  } catch (error) {
    const reason: unknown = live.controller.signal.reason
    if (live.controller.signal.aborted && reason instanceof WorkbenchError) {
      // A connection listened to for --timeout after its last message ended the way the user asked.
      if (reason.code === 'cancelled') {
        run.verbose.note(`closed after ${(plan.timeoutMs ?? 0) / 1000} s (--timeout)`)
        return failures.count > 0 ? exitCodes.notOk : exitCodes.ok
      }
      throw reason
    }
    throw error
  } finally {
    live.stop()
    live.controller.abort(new WorkbenchError('cancelled', 'The command is over.'))
    await channel?.dispose().catch(() => undefined)
  }
}

export async function runCall(plan: CallPlan, run: CallRun): Promise<ExitCode> {
  switch (plan.method.methodType) {
    case 'Unary':
    case 'ClientStreaming':
      return runUnary(plan, run)
    case 'ServerStreaming':
      return runStream(plan, run)
    case 'Duplex':
      return runChannel(plan, run)
  }
}
