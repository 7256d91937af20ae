/**
 * `@fastify/websocket` in the same process as the tests: Vitest runs Node with the `import` export condition, so the
 * plugin's `require('ws')` resolves to ws's ES-module wrapper, which `require` cannot load. An embedded host must
 * share the workbench's process, so the CommonJS entry is named for that one request.
 */
import Module from 'node:module'
import { fileURLToPath } from 'node:url'

const commonJsEntry = fileURLToPath(new URL('../../node_modules/ws/index.js', import.meta.url))
type Resolve = (request: string, ...rest: unknown[]) => string
const moduleWithResolver = Module as unknown as { _resolveFilename: Resolve }
const resolve = moduleWithResolver._resolveFilename
moduleWithResolver._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
  return request === 'ws' ? commonJsEntry : resolve.call(this, request, ...rest)
}
