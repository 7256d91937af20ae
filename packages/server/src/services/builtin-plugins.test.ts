import { createCookieJars } from '@wirebench/transport'
import type { ProtocolPlugin } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { builtinPluginFamilies, createBuiltinPlugins } from './builtin-plugins.js'
import { createPluginRegistry } from './plugin-registry.js'

const options = { outbound: { blockPrivate: false }, cookieJars: () => Promise.resolve(createCookieJars()) }

/** What the server reads of a plugin without calling it. */
function described(plugins: readonly ProtocolPlugin[]) {
  const summaries = createPluginRegistry(plugins).summaries()
  return summaries.map((summary, i) => ({
    ...summary,
    uploadSiblings: plugins[i]!.uploadSiblings ?? false,
    defersTo: plugins[i]!.defersTo ?? [],
  }))
}

describe('the built-in plugins', () => {
  // Loads every plugin's protocol stack: half a second here, 4 s on a busy CI machine, near the 5 s unit default.
  it('describe themselves by their manifests exactly as the loaded plugins do', { timeout: 30_000 }, async () => {
    const loaded: ProtocolPlugin[] = []
    for (const family of builtinPluginFamilies(options)) loaded.push(...(await family.load()))
    try {
      expect(described(createBuiltinPlugins(options))).toEqual(described(loaded))
      expect(loaded.map((p) => p.id)).toEqual([
        'rest',
        'grpc',
        'grpcweb',
        'connect',
        'graphql',
        'sse',
        'websocket',
        'signalr',
        'mcp',
        'http',
      ])
    } finally {
      await Promise.all(loaded.map((p) => p.dispose?.() ?? Promise.resolve()))
    }
  })
})
