/** Every spec of the @readme/oas-examples zoo (2.0, 3.0, 3.1; JSON and YAML), served over HTTP and discovered. */
import { readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { parse as parseYaml } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { ProtocolPlugin } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { testContext } from '../servers/rest/call-context.js'
import { startStaticServer } from '../servers/rest/static-server.js'
import type { StaticServer } from '../servers/rest/static-server.js'

const zoo = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'))
const specs = ['2.0', '3.0', '3.1'].flatMap((version) =>
  ['json', 'yaml'].flatMap((format) =>
    readdirSync(join(zoo, version, format))
      .filter((name) => /\.(json|ya?ml)$/.test(name))
      .map((name) => ({ id: `${version}/${format}/${name}`, path: join(zoo, version, format, name) })),
  ),
)

const verbs = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

/** Counts operations the plain way: path items (following a local $ref), verbs that hold an object. */
function countOperations(path: string): number {
  const text = readFileSync(path, 'utf8')
  const doc = (path.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as { paths?: Record<string, unknown> }
  let count = 0
  for (let item of Object.values(doc.paths ?? {})) {
    const ref = (item as { $ref?: string }).$ref
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      item = ref
        .slice(2)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc)
    }
    for (const [key, value] of Object.entries((item ?? {}) as Record<string, unknown>)) {
      if (verbs.has(key) && typeof value === 'object' && value !== null) count++
    }
  }
  return count
}

let server: StaticServer
let plugin: ProtocolPlugin

beforeAll(async () => {
  server = await startStaticServer()
  plugin = createRestPlugin()
})

afterAll(async () => {
  await plugin?.dispose?.()
  await server?.close()
})

describe('the @readme/oas-examples zoo', () => {
  it('holds specs of every version and format', () => {
    expect(specs.length).toBeGreaterThan(100)
    for (const prefix of ['2.0/json', '2.0/yaml', '3.0/json', '3.0/yaml', '3.1/json', '3.1/yaml']) {
      expect(specs.some((s) => s.id.startsWith(prefix))).toBe(true)
    }
  })

  it.each(specs)('discovers $id with the operation count of the document', async ({ id, path }) => {
    const url = server.serveFile(id.replace(/\//g, '_'), path)
    const expected = countOperations(path)
    const ctx = testContext({ deadline: Date.now() + 10_000 })
    if (expected === 0) {
      const error: unknown = await plugin.discover({ kind: 'url', url }, ctx).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WorkbenchError)
      expect((error as WorkbenchError).message).toMatch(
        /^No services discovered at .*: the document describes no operations\.$/,
      )
      return
    }
    const services = await plugin.discover({ kind: 'url', url }, ctx)
    expect(services.reduce((n, s) => n + s.methods.length, 0)).toBe(expected)
    for (const service of services) {
      expect(service).toMatchObject({ protocol: 'rest', source: 'openapi', originUrl: url, isUploaded: false })
      expect(new Set(service.methods.map((m) => m.name)).size).toBe(service.methods.length)
      // Each tree must serialise (no cycles) and stay a sane size for the browser.
      expect(JSON.stringify(service).length).toBeLessThan(5_000_000)
    }
  })
})
