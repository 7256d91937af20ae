// Starts the built workbench with one configured stdio server, has it start the server (and the server a grandchild),
// prints their pids and exits without closing anything: the test checks that nothing outlives the workbench.
import { createStandaloneServer } from '@wirebench/server'

const [configDir, script] = process.argv.slice(2)
const server = await createStandaloneServer({
  port: 0,
  configDir,
  uiDir: null,
  logLevel: false,
  token: null,
  mcp: {
    servers: [
      {
        name: 'faulty',
        transport: 'stdio',
        command: process.execPath,
        args: [script],
        env: {},
        source: { kind: 'command-line' },
      },
    ],
  },
})
const base = await server.listen()
const response = await fetch(`${base}/api/invoke`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    protocol: 'mcp',
    url: 'mcp+stdio://faulty',
    service: 'Tools',
    method: 'grandchild',
    messages: [{}],
  }),
})
const body = await response.json()
process.stdout.write(`${JSON.stringify(body.response?.structuredContent ?? body)}\n`)
process.exit(0)
