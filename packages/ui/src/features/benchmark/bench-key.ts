/**
 * The key runs of a method are saved under in the workspace. A server on this machine gets another port at each start
 * (the demo's, a dev server's, a test's), so the port of a local origin is left out: the runs saved yesterday against
 * `http://127.0.0.1:41733/openapi.json` come back today at `:38211`. A remote origin is kept whole.
 */
import { isThisMachine } from '@wirebench/auth'
import type { MethodRef } from '../../state/catalog.js'

const originParts = /^([a-z][a-z0-9+.-]*:\/\/)(\[[^\]/]*\]|[^/:?#[\]]*)(:\d+)?(.*)$/is

/** `http://127.0.0.1:41733/openapi.json` → `http://127.0.0.1/openapi.json`; any other text stays as it is. */
export function portlessLocalOrigin(origin: string): string {
  const match = originParts.exec(origin)
  if (!match) return origin
  const [, scheme = '', host = '', port, rest = ''] = match
  return port !== undefined && isThisMachine(host) ? `${scheme}${host}${rest}` : origin
}

export function savedRunKey(target: Pick<MethodRef, 'service' | 'method' | 'origin'>): string {
  return JSON.stringify([
    target.service.protocol,
    portlessLocalOrigin(target.origin),
    target.service.name,
    target.method.name,
  ])
}
