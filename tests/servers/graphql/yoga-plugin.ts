/**
 * Set-up shared by the GraphQL plugin tests: a graphql-yoga server with the test schema, a plugin that has discovered
 * it (without any call metadata), and a list for servers a test starts (the fault tests' misbehaving servers), each
 * closed after its test. Call inside a `describe`.
 */
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { ProtocolPlugin } from '@wirebench/core'
import { createGraphqlPlugin } from '@wirebench/protocol-graphql'
import { testContext } from '../rest/call-context.js'
import { startYogaServer } from './yoga-server.js'
import type { YogaServer } from './yoga-server.js'

export interface YogaPluginSetup {
  /** Set before the first test. */
  yoga: YogaServer
  /** Set before the first test, with the yoga schema discovered. */
  plugin: ProtocolPlugin
  /** Servers a test started; each is closed after the test. */
  servers: Array<{ close(): Promise<void> }>
}

export function yogaPluginSetup(): YogaPluginSetup {
  const setup = { servers: [] } as unknown as YogaPluginSetup
  beforeAll(async () => {
    setup.yoga = await startYogaServer()
    setup.plugin = createGraphqlPlugin()
    await setup.plugin.discover({ kind: 'url', url: setup.yoga.url }, testContext())
  })
  afterEach(async () => {
    await Promise.all(setup.servers.splice(0).map((s) => s.close()))
  })
  afterAll(async () => {
    await setup.plugin.dispose?.()
    await setup.yoga.close()
  })
  return setup
}
