/**
 * The sidecar side of the contract on `json-rpc-2.0`: answers the host's requests with the definition's handlers,
 * runs streams and channels as notifications, and honours cancellation. Transport-free: `defineSidecar` wires it to
 * stdio; tests and other transports feed `receive` and pass `write`.
 */
import { splitMarkers } from '@wirebench/core'
import type { StatusName } from '@wirebench/core'
import {
  JSONRPCErrorException,
  JSONRPCServer,
  createJSONRPCErrorResponse,
  createJSONRPCNotification,
} from 'json-rpc-2.0'
import type { JSONRPCID, JSONRPCRequest, JSONRPCResponse } from 'json-rpc-2.0'
import { SIDECAR_PROTOCOL_VERSION, methods, notifications } from '../protocol/methods.js'
import type {
  CallParams,
  CancelRequestParams,
  ChannelCloseParams,
  ChannelParams,
  ChannelSendParams,
  DiscoverParams,
  InitializeResult,
  StreamCancelParams,
  StreamParams,
} from '../protocol/methods.js'
import { createMessageQueue } from './message-queue.js'
import type { MessageQueue } from './message-queue.js'
import { isStreamItem } from './stream-item.js'
import { SidecarError } from './types.js'
import type { CallRequest, HandlerContext, SidecarDefinition } from './types.js'

export interface RuntimeIo {
  /** Writes one message; resolves when the output can take more (backpressure). */
  write(message: object): Promise<void>
  log(message: string): void
  /** Called after `shutdown` has been answered. */
  onShutdown(): void
}

export interface SidecarRuntime {
  receive(value: unknown): void
  /** Cancels everything running (the input closed). */
  abortAll(): void
  close(): Promise<void>
}

interface Running {
  controller: AbortController
  queue?: MessageQueue
}

function toRpcError(error: unknown): JSONRPCErrorException {
  if (error instanceof SidecarError) {
    const data: Record<string, unknown> = { code: error.code }
    if (error.options.hint) data.hint = error.options.hint
    return new JSONRPCErrorException(error.message, -32000, data)
  }
  return new JSONRPCErrorException(error instanceof Error ? error.message : String(error), -32000)
}

function parseMessages(json: readonly string[] | undefined): unknown[] {
  return (json ?? []).map((text) => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new SidecarError('invalid_request', `A message is not JSON: ${text.slice(0, 80)}`)
    }
  })
}

function callRequest(params: CallParams): CallRequest {
  const { headers, markers } = splitMarkers(params.metadata)
  return {
    serverUrl: params.serverUrl,
    service: params.service,
    method: params.method,
    messages: parseMessages(params.jsonMessages),
    showInternalServices: params.showInternalServices === true,
    metadata: headers,
    markers,
  }
}

export function createSidecarRuntime(definition: SidecarDefinition, io: RuntimeIo): SidecarRuntime {
  const server = new JSONRPCServer({ errorListener: () => undefined })
  server.mapErrorToJSONRPCErrorResponse = (id: JSONRPCID, error: unknown) => {
    const rpc = error instanceof JSONRPCErrorException ? error : toRpcError(error)
    return createJSONRPCErrorResponse(id, rpc.code, rpc.message, rpc.data)
  }
  const requests = new Map<JSONRPCID, AbortController>()
  const streams = new Map<string, Running>()
  const channels = new Map<string, Running>()
  const shutdown = new AbortController()

  const context = (controller: AbortController): HandlerContext => ({
    signal: AbortSignal.any([controller.signal, shutdown.signal]),
    log: (message) => io.log(message),
  })

  const notify = (method: string, params: object) => io.write(createJSONRPCNotification(method, params))

  /** Runs a request's handler with a signal `$/cancelRequest` fires. */
  const handle = <P>(name: string, run: (params: P, ctx: HandlerContext) => unknown) => {
    server.addMethodAdvanced(name, async (request: JSONRPCRequest): Promise<JSONRPCResponse | null> => {
      const controller = new AbortController()
      if (request.id !== undefined && request.id !== null) requests.set(request.id, controller)
      try {
        const result: unknown = await run(request.params as P, context(controller))
        return request.id === undefined ? null : { jsonrpc: '2.0', id: request.id, result: result ?? {} }
      } catch (error) {
        const rpc = toRpcError(error)
        return request.id === undefined ? null : createJSONRPCErrorResponse(request.id, rpc.code, rpc.message, rpc.data)
      } finally {
        if (request.id !== undefined && request.id !== null) requests.delete(request.id)
      }
    })
  }

  /** Pumps a handler's messages out as notifications, then the end; errors end it with their status. */
  const pump = async (
    source: AsyncIterable<unknown>,
    signal: AbortSignal,
    data: (item: { message: unknown; meta?: Record<string, unknown> }) => Promise<void>,
    end: (error: string | null, status?: StatusName) => Promise<void>,
  ) => {
    try {
      for await (const value of source) {
        if (signal.aborted) return
        await data(isStreamItem(value) ? value : { message: value })
      }
      if (!signal.aborted) await end(null)
    } catch (error) {
      if (signal.aborted) return
      const status = error instanceof SidecarError ? error.options.status : undefined
      await end(error instanceof Error ? error.message : String(error), status)
    }
  }

  handle(methods.initialize.method, (): InitializeResult => {
    const result: InitializeResult = {
      id: definition.protocol.id,
      name: definition.protocol.name,
      protocolVersion: SIDECAR_PROTOCOL_VERSION,
      capabilities: {
        serverStreaming: definition.invokeStream !== undefined,
        channels: definition.openChannel !== undefined,
      },
    }
    if (definition.protocol.iconSvg !== undefined) result.iconSvg = definition.protocol.iconSvg
    return result
  })
  handle(methods.ping.method, () => ({}))
  handle(methods.shutdown.method, () => {
    // Answered first; the process then stops.
    setImmediate(() => io.onShutdown())
    return {}
  })
  handle<DiscoverParams>(methods.discover.method, (params, ctx) => {
    const { headers, markers } = splitMarkers(params.metadata)
    return definition.discover(
      {
        serverUrl: params.serverUrl,
        showInternalServices: params.showInternalServices === true,
        metadata: headers,
        markers,
      },
      ctx,
    )
  })
  handle<CallParams>(methods.invoke.method, (params, ctx) => definition.invoke(callRequest(params), ctx))

  handle<StreamParams>(methods.invokeStream.method, (params) => {
    if (!definition.invokeStream) {
      throw new SidecarError('unsupported', `${definition.protocol.name} has no server streaming.`)
    }
    const controller = new AbortController()
    const ctx = context(controller)
    const source = definition.invokeStream(callRequest(params), ctx)
    streams.set(params.streamId, { controller })
    void pump(
      source,
      ctx.signal,
      ({ message, meta }) =>
        notify(notifications.streamData.method, { streamId: params.streamId, message, ...(meta ? { meta } : {}) }),
      (error, status) =>
        notify(notifications.streamEnd.method, { streamId: params.streamId, error, ...(status ? { status } : {}) }),
    ).finally(() => streams.delete(params.streamId))
    return {}
  })

  handle<ChannelParams>(methods.openChannel.method, (params) => {
    if (!definition.openChannel) throw new SidecarError('unsupported', `${definition.protocol.name} has no channels.`)
    const controller = new AbortController()
    const base = context(controller)
    const queue = createMessageQueue(base.signal)
    const request = callRequest(params)
    for (const message of request.messages) queue.push(message)
    const source = definition.openChannel(request, { ...base, incoming: queue.iterable })
    channels.set(params.channelId, { controller, queue })
    void pump(
      source,
      base.signal,
      ({ message, meta }) =>
        notify(notifications.channelData.method, { channelId: params.channelId, message, ...(meta ? { meta } : {}) }),
      (error, status) =>
        notify(notifications.channelClosed.method, {
          channelId: params.channelId,
          error,
          ...(status ? { status } : {}),
        }),
    ).finally(() => channels.delete(params.channelId))
    return {}
  })

  handle<ChannelSendParams>(methods.channelSend.method, (params) => {
    const channel = channels.get(params.channelId)
    if (!channel?.queue) return false
    channel.queue.push(parseMessages([params.jsonMessage])[0])
    return true
  })

  handle<ChannelCloseParams>(methods.channelClose.method, (params) => {
    const channel = channels.get(params.channelId)
    if (params.cancel) channel?.controller.abort()
    else channel?.queue?.end()
    return {}
  })

  server.addMethod(notifications.cancelRequest.method, (params) => {
    requests.get((params as CancelRequestParams | undefined)?.id ?? -1)?.abort()
  })
  server.addMethod(notifications.streamCancel.method, (params) => {
    streams.get((params as StreamCancelParams | undefined)?.streamId ?? '')?.controller.abort()
  })

  return {
    receive(value) {
      void server.receive(value as JSONRPCRequest).then((response) => {
        if (response) void io.write(response)
      })
    },
    abortAll() {
      shutdown.abort()
    },
    async close() {
      shutdown.abort()
      await definition.close?.()
    },
  }
}
