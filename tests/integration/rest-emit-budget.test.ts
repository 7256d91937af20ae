/** Real documents under the emitted-size budget: GitHub's and Stripe's descriptions discover exactly as without it. */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { buildServices } from '../../packages/protocols/rest/src/operations.js'
import { parseDocumentText } from '../../packages/protocols/rest/src/parse-document.js'
import { defaultEmitLimits } from '../../packages/protocols/rest/src/schema-walker.js'

const require = createRequire(import.meta.url)
const documents = [
  { name: 'GitHub', path: require.resolve('@octokit/openapi/generated/api.github.com.json'), operations: 1223 },
  {
    name: 'Stripe',
    path: fileURLToPath(new URL('../../../shared/corpus/stripe-spec3-2022.json', import.meta.url)),
    operations: 417,
  },
].filter((d) => existsSync(d.path))

const unlimited = { operationBytes: Number.POSITIVE_INFINITY, documentBytes: Number.POSITIVE_INFINITY }

describe.each(documents)('$name under the emitted-size budget', ({ path, operations }) => {
  it('discovers every operation with the same fields as without a budget', () => {
    const text = readFileSync(path, 'utf8')
    const build = (limits: typeof unlimited) =>
      buildServices(parseDocumentText(text, path), {
        source: 'upload',
        originUrl: 'doc.json',
        maxInputDepth: 4,
        maxOutputDepth: 1,
        limits,
      })
    const bounded = build(defaultEmitLimits)
    expect(bounded.flatMap((s) => s.methods)).toHaveLength(operations)
    const json = JSON.stringify(bounded)
    expect(json).toBe(JSON.stringify(build(unlimited)))
    expect(Buffer.byteLength(json)).toBeLessThan(defaultEmitLimits.documentBytes / 2)
  })
})
