/**
 * JSON-RPC over one sidecar transport, on `json-rpc-2.0`: requests with a per-request timeout and the caller's
 * AbortSignal (an abandoned request is announced with `$/cancelRequest`), a cap on requests in flight, and the
 * notifications routed to their handlers. Whatever the sidecar writes that is not a well-formed JSON-RPC 2.0 message,
 * answers no request of ours, or names no method we listen to is logged and skipped: a sidecar cannot crash the host.
 */
import { WorkbenchError } from '@wirebench/core'
import type { Logger } from '@wirebench/core'
import {
  JSONRPC,
  JSONRPCClient,
  JSONRPCServer,
  createJSONRPCErrorResponse,
  createJSONRPCNotification,
  createJSONRPCRequest,
} from 'json-rpc-2.0'
import type { JSONRPCID, JSONRPCResponse } from 'json-rpc-2.0'
import { notifications } from '../protocol/methods.js'
import type { NotificationType, RequestType } from '../protocol/methods.js'
import { errorFromRpc } from './rpc-errors.js'
import type { SidecarTransport } from './transport.js'

export interface RequestOptions {
  signal?: AbortSignal | undefined
  /** Time box of the request; undefined leaves it to the signal (streams and channels that live long). */
  timeoutMs: number | undefined
}

export interface RpcConnection {
  request<P, R>(type: RequestType<P, R>, params: P, options: RequestOptions): Promise<R>
  notify<P>(type: NotificationType<P>, params: P): void
  onNotification<P>(type: NotificationType<P>, handler: (params: P) => void): void
  /** Feeds a message the transport read. */
  receive(value: unknown): void
  /** Fails every request in flight with `error` (the sidecar is gone). */
  close(error: WorkbenchError): void
  readonly pendingCount: number
}

export interface RpcConnectionOptions {
  transport: SidecarTransport
  logger: Logger
  /** Names the sidecar in errors and log lines. */
  name: string
  maxPending: number
  /**
   * Called for each message that is skipped: not JSON-RPC 2.0, a reply to no request of ours, a notification of a
   * method nobody listens to. The host logs them (rate-limited) and stops a sidecar that floods them.
   */
  onJunk(description: string): void
}

interface Pending {
  method: string
  resolve(result: unknown): void
  reject(error: WorkbenchError): void
  cleanup(): void
}

/** Ids of requests given up on, so their late replies are dropped quietly rather than logged as unknown. */
const ABANDONED_MEMORY = 1024

export function createRpcConnection(options: RpcConnectionOptions): RpcConnection {
  const { transport, logger, name } = options
  let nextId = 0
  const pending = new Map<JSONRPCID, Pending>()
  const abandoned = new Set<JSONRPCID>()
  let closedWith: WorkbenchError | undefined

  // A message that cannot be written fails its request with the transport's own error (the sidecar is not running).
  const client = new JSONRPCClient((payload: { id?: JSONRPCID }) =>
    transport.send(payload).catch((error: unknown) => {
      if (payload.id !== undefined) abandon(payload.id, WorkbenchError.from(error, 'upstream_unreachable'), false)
    }),
  )
  // The sidecar may notify; it may not call the host (no methods are offered), which json-rpc-2.0 answers for us.
  const server = new JSONRPCServer({ errorListener: (message) => logger.warn(`${name} sidecar: ${message}`) })
  const listened = new Set<string>()

  const skip = (description: string) => options.onJunk(description)

  const settle = (id: JSONRPCID, response: JSONRPCResponse) => {
    const entry = pending.get(id)
    if (!entry) return
    pending.delete(id)
    entry.cleanup()
    if (response.error) entry.reject(errorFromRpc(response.error, entry.method, name))
    else entry.resolve(response.result)
  }

  const abandon = (id: JSONRPCID, error: WorkbenchError, announce = true) => {
    const entry = pending.get(id)
    if (!entry) return
    pending.delete(id)
    entry.cleanup()
    abandoned.add(id)
    if (abandoned.size > ABANDONED_MEMORY) abandoned.delete(abandoned.values().next().value as JSONRPCID)
    // json-rpc-2.0 keeps its own entry for the id: settle it so nothing stays behind.
    client.receive(createJSONRPCErrorResponse(id, -32800, error.message))
    entry.reject(error)
    if (announce && !closedWith && typeof id === 'number') connection.notify(notifications.cancelRequest, { id })
  }

  const connection: RpcConnection = {
    get pendingCount() {
      return pending.size
    },

    request<P, R>(type: RequestType<P, R>, params: P, opts: RequestOptions): Promise<R> {
      if (closedWith) return Promise.reject(closedWith)
      const signal = opts.signal
      if (signal?.aborted) return Promise.reject(WorkbenchError.from(signal.reason))
      if (pending.size >= options.maxPending) {
        return Promise.reject(
          new WorkbenchError('busy', `The ${name} sidecar has ${pending.size} requests in flight; try again shortly.`),
        )
      }
      const id = ++nextId
      return new Promise<R>((resolve, reject) => {
        const timeoutMs = opts.timeoutMs
        const timer =
          timeoutMs === undefined
            ? undefined
            : setTimeout(() => {
                const message = `The ${name} sidecar gave no answer to ${type.method} within ${timeoutMs} ms.`
                const hint = `Check its stderr (Plugins panel or wirebench plugin list). If it is only slow, give the call a longer timeout, or raise sidecarLimits.requestTimeoutMs where the workbench is embedded.`
                abandon(id, new WorkbenchError('timeout', message, { hint }))
              }, timeoutMs)
        const onAbort = () =>
          abandon(id, WorkbenchError.from(signal?.reason ?? new WorkbenchError('cancelled', 'The call was cancelled.')))
        signal?.addEventListener('abort', onAbort, { once: true })
        pending.set(id, {
          method: type.method,
          resolve: (result: unknown) => resolve(result as R),
          reject,
          cleanup() {
            clearTimeout(timer)
            signal?.removeEventListener('abort', onAbort)
          },
        })
        client.requestAdvanced(createJSONRPCRequest(id, type.method, params)).then(
          (response) => settle(id, response),
          (error: unknown) => abandon(id, WorkbenchError.from(error, 'upstream_unreachable'), false),
        )
      })
    },

    notify(type, params) {
      if (closedWith) return
      transport.send(createJSONRPCNotification(type.method, params)).catch(() => undefined)
    },

    onNotification(type, handler) {
      listened.add(type.method)
      server.addMethod(type.method, (params) => handler(params as Parameters<typeof handler>[0]))
    },

    receive(value) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        skip('not a JSON-RPC object')
        return
      }
      const message = value as Record<string, unknown>
      if (message.jsonrpc !== JSONRPC) {
        skip(`jsonrpc is ${JSON.stringify(message.jsonrpc)?.slice(0, 40) ?? 'missing'}, not "2.0"`)
        return
      }
      if (typeof message.method === 'string') {
        if (message.id === undefined && !listened.has(message.method)) {
          skip(`a notification of unknown method ${message.method.slice(0, 80)}`)
          return
        }
        void server.receive(message as never).then((response) => {
          if (response) transport.send(response).catch(() => undefined)
        })
        return
      }
      const id = message.id as JSONRPCID
      if (pending.has(id)) {
        if (message.error === undefined && !('result' in message)) {
          client.receive(createJSONRPCErrorResponse(id, -32603, 'The reply has neither result nor error.'))
          return
        }
        client.receive(message as unknown as JSONRPCResponse)
        return
      }
      if (!abandoned.delete(id)) skip(`a reply to unknown request id ${JSON.stringify(id)?.slice(0, 40)}`)
    },

    close(error) {
      if (closedWith) return
      closedWith = error
      for (const [id, entry] of [...pending]) {
        pending.delete(id)
        entry.cleanup()
        entry.reject(error)
      }
      client.rejectAllPendingRequests(error.message)
    },
  }
  return connection
}
