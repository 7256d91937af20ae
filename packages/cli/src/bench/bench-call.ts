/**
 * The call function a benchmark drives: one unary call through the same auth preparation (variables such as
 * `${uuid}` fresh each time) and invoke service as `wirebench call`, its outcome reduced to ok and a status.
 */
import type { MethodInfo, ServiceInfo } from '@wirebench/core'
import { cancellationOf } from '@wirebench/loadrun'
import type { CallFunction } from '@wirebench/loadrun'
import type { CliEngine } from '../engine/cli-engine.js'
import type { CallAuth } from '../environment/call-auth.js'

export interface BenchTarget {
  service: ServiceInfo
  method: MethodInfo
  message: unknown
  headers: Record<string, string>
  timeoutMs?: number
}

export function createBenchCall(target: BenchTarget, run: { engine: CliEngine; auth: CallAuth }): CallFunction {
  const { service, method } = target
  const address = {
    protocol: service.protocol,
    url: service.originUrl ?? '',
    service: service.name,
    method: method.name,
  }
  const targetUrl = method.baseUrl ?? service.baseUrl ?? service.originUrl
  return async (signal) => {
    const prepared = await run.auth.prepare({
      protocol: service.protocol,
      targetUrl,
      metadata: target.headers,
      messages: [target.message],
    })
    const result = await run.engine.invoker.invoke({
      request: {
        ...address,
        messages: prepared.messages,
        metadata: prepared.metadata,
        ...(target.timeoutMs !== undefined ? { timeoutMs: target.timeoutMs } : {}),
      },
      cancellation: cancellationOf(signal),
      logger: run.engine.logger,
    })
    // HTTP-based plugins report the HTTP status; it says more in an error breakdown than the mapped status name —
    // except for a failure that came with a 2xx (GraphQL errors arrive with 200), which would read as a success.
    const http = result.metadata['http_status']
    const ok = result.status === 'OK'
    return { ok, status: http === undefined || (!ok && http.startsWith('2')) ? result.status : http }
  }
}
