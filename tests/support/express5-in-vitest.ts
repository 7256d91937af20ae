/**
 * Express 5 in the same process as the tests: Vitest runs Node with the `import` export condition, so its router's
 * `require('is-promise')` loads that package's ES module build and gets a namespace instead of the function. The
 * embedded workbench must share the host's process, so the CommonJS build is named for that one request.
 */
import Module from 'node:module'
import { fileURLToPath } from 'node:url'

const commonJsBuild = fileURLToPath(new URL('../../node_modules/is-promise/index.js', import.meta.url))
type Resolve = (request: string, ...rest: unknown[]) => string
const moduleWithResolver = Module as unknown as { _resolveFilename: Resolve }
const resolve = moduleWithResolver._resolveFilename
moduleWithResolver._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
  return request === 'is-promise' ? commonJsBuild : resolve.call(this, request, ...rest)
}
