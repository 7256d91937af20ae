// The MCP conformance suite's client under test: the workbench's MCP plugin (built, from packages/protocols/mcp/dist).
// The suite runs `node conformance-client.mjs <server-url>` with MCP_CONFORMANCE_SCENARIO set; this does what the
// scenario expects a client to do, through the plugin's own API (discovery, calls, the session channel), and exits 0
// when the plugin got through. The suite's checks on the server side decide whether the scenario passes.
import { createMcpPlugin } from '@wirebench/protocol-mcp'
import { createMcpAuthorizations } from '@wirebench/protocol-mcp/oauth'
import { createDispatcherFactory } from '@wirebench/transport'

const url = process.argv[2]
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? ''
// The workbench's MCP authorization, as the server builds it (the standalone policy: loopback allowed).
const authorizations = createMcpAuthorizations({
  outbound: {},
  dispatchers: createDispatcherFactory({}),
  timeoutMs: 15_000,
  maxResponseBytes: 1024 * 1024,
})
const plugin = createMcpPlugin({ authorizer: authorizations })
// The suite's authorization servers approve at once and redirect to the client's redirect URI: nobody listens there,
// the redirect is read from the authorize answer instead of a browser's popup.
const redirectUri = 'http://localhost:3000/oauth-callback'

/** A CallContext as the server builds one: a deadline's signal, no headers. */
function context(timeoutMs = 20_000) {
  return {
    signal: AbortSignal.timeout(timeoutMs),
    metadata: {},
    markers: {},
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    limits: { maxResponseBytes: 50 * 1024 * 1024, timeoutMs, maxQueuedFrames: 10_000 },
    deadline: Date.now() + timeoutMs,
  }
}

const call = (method, message = {}) =>
  plugin.invoke({ target: url, service: 'Tools', method, messages: [message] }, context())

/** Accepts every elicitation the server sends with no fields filled in: the defaults are the client's to apply. */
async function acceptElicitations() {
  const channel = await plugin.openChannel(
    { target: url, service: 'Session', method: 'events', messages: [] },
    context(60_000),
  )
  void (async () => {
    for await (const frame of channel.frames()) {
      const event = frame.type === 'message' ? frame.data : undefined
      if (event?.kind === 'request' && event.method === 'elicitation/create') {
        await channel.send({ op: 'answer', requestId: event.requestId, result: { action: 'accept', content: {} } })
      }
    }
  })()
  return channel
}

/** Connect, as the UI's button does: start, the authorize redirect, complete. */
async function connect(challenge) {
  const started = await authorizations.start({
    url,
    redirectUri,
    ...(challenge?.resourceMetadata ? { resourceMetadataUrl: challenge.resourceMetadata } : {}),
    ...(challenge?.scope ? { scope: challenge.scope } : {}),
  })
  const answer = await fetch(started.authorizationUrl, { redirect: 'manual' })
  const location = new URL(answer.headers.get('location') ?? '', started.authorizationUrl)
  const code = location.searchParams.get('code')
  if (!code) throw new Error(`the authorization server answered ${answer.status} without a code (${location.href})`)
  // The redirect's `iss` (RFC 9207) goes along, as the callback page passes it: the plugin checks it against the issuer.
  const iss = location.searchParams.get('iss') ?? undefined
  const status = await authorizations.complete(location.searchParams.get('state') ?? '', code, undefined, iss)
  process.stdout.write(`connected: ${status.steps?.map((s) => s.detail).join('; ')}\n`)
}

/** Discovers; an MCP 401 naming protected-resource metadata is answered with Connect, then discovery again. */
async function discover() {
  try {
    return await plugin.discover({ kind: 'url', url, pinned: true }, context())
  } catch (error) {
    const challenge = error?.details?.authChallenge
    if (error?.code !== 'unauthorized' && error?.code !== 'forbidden') throw error
    await connect(challenge)
    return plugin.discover({ kind: 'url', url, pinned: true }, context())
  }
}

try {
  // The suite's servers are MCP servers: discover as a pinned mcp@ URL (initialize, then every list).
  const services = await discover()
  const tools = services.find((s) => s.name === 'Tools')?.methods.map((m) => m.name) ?? []
  process.stdout.write(`discovered ${services.map((s) => s.name).join(', ')}; tools: ${tools.join(', ')}\n`)
  if (scenario === 'tools_call') {
    process.stdout.write(`${JSON.stringify((await call('add_numbers', { a: 5, b: 3 })).response)}\n`)
  } else if (scenario === 'elicitation-sep1034-client-defaults') {
    const channel = await acceptElicitations()
    process.stdout.write(`${JSON.stringify((await call('test_client_elicitation_defaults')).response)}\n`)
    await channel.dispose()
  } else if (scenario === 'sse-retry') {
    process.stdout.write(`${JSON.stringify((await call('test_reconnection')).response)}\n`)
  } else if (tools.length > 0 && scenario !== 'initialize') {
    process.stdout.write(`${JSON.stringify((await call(tools[0])).response)}\n`)
  }
  await plugin.dispose()
  await authorizations.close()
  process.exit(0)
} catch (error) {
  process.stderr.write(`${error?.code ?? 'error'}: ${error instanceof Error ? error.message : String(error)}\n`)
  await plugin.dispose().catch(() => undefined)
  process.exit(1)
}
