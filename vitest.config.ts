/** One Vitest run for the monorepo: unit tests beside the code, integration against real servers, e2e in Chromium. */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { configDefaults, defineConfig } from 'vitest/config'
import type { Plugin } from 'vitest/config'

// Workspace packages resolve to their TypeScript sources in tests (the `source` export condition).
const conditions = ['source', 'node', 'import', 'default']

// graphql ships CommonJS (`main`) and ESM (`module`) side by side. Node loads the CommonJS one for everyone; Vite would
// hand our sources the ESM one while graphql-yoga requires the other, and two copies break `instanceof GraphQLError`.
const require = createRequire(import.meta.url)
const graphqlEntry = require.resolve('graphql')
// @microsoft/signalr's ESM build calls `require` for its Node dependencies; Node itself loads the CommonJS build
// (the package has no `exports`), so tests must too, and the MessagePack protocol then shares its copy.
const signalrEntries = ['@microsoft/signalr', '@microsoft/signalr-protocol-msgpack'].map((name) => ({
  find: new RegExp(`^${name.replace('/', '\\/')}$`),
  replacement: require.resolve(name),
}))

// The MCP SDK (transformed by Vite, see `server.deps.inline`) ships source maps naming sources it does not ship, and Vite
// warns about each file; its files are loaded without their source-map comment instead.
const mcpSdkFile = /@modelcontextprotocol[\\/]sdk[\\/].*\.js$/
const mcpSdkWithoutSourceMaps: Plugin = {
  name: 'mcp-sdk-without-source-maps',
  enforce: 'pre',
  load(id) {
    const file = id.split('?')[0] ?? id
    if (!mcpSdkFile.test(file)) return null
    return readFileSync(file, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, '')
  },
}

// How long expect.poll waits for the state it asserts (Vitest's default is 1 s), in every project (a unit test's own
// 5 s limit still cuts it short). A poll passes as soon as the state holds, so this only matters when a busy CI machine
// takes longer to get there: a page re-rendering 10,000 rows, a discovery, a file watcher.
const POLL_TIMEOUT_MS = 10_000

// The benchmark runner's accuracy tests measure time (a 10 ms target's p50 within 10 %, a one-second stall, ratios to
// wrk and autocannon): beside other test files on a 2-core CI machine they measure the other files' load instead. They
// run in a group of their own after every other project has finished, one file at a time.
const timingFiles = [
  'packages/loadrun/src/run.test.ts',
  'tests/integration/bench-correctness.test.ts',
  'tests/integration/bench-crosscheck.test.ts',
]

export default defineConfig({
  plugins: [mcpSdkWithoutSourceMaps],
  resolve: { conditions, alias: [{ find: /^graphql$/, replacement: graphqlEntry }, ...signalrEntries] },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    expect: { poll: { timeout: POLL_TIMEOUT_MS } },
    // The MCP SDK imports eventsource, which publishes a `source` condition of its own (.ts files): Node, run with the
    // condition above, cannot load those, so Vite transforms the SDK and what it imports.
    server: { deps: { inline: [/@modelcontextprotocol[\\/]sdk/] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'examples/**/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...timingFiles],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...timingFiles],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'timing',
          include: timingFiles,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
