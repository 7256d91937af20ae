/** `wirebench call`: one call of a discovered method, with the workbench's variables, auth and plugins. */
import { Command, Option } from 'commander'
import { createChainResolver } from '@wirebench/core'
import type { ResponseSnapshot } from '@wirebench/core'
import { reportAssertions } from '../call/assertion-report.js'
import { createSeenResponse } from '../call/seen-response.js'
import { createVerboseLog } from '../call/verbose.js'
import { readDataFlags } from '../call/messages.js'
import { runCall } from '../call/run-call.js'
import { findMethod } from '../engine/find-method.js'
import { exitCodeHelp, exitCodes } from '../exit-codes.js'
import type { ExitCode } from '../exit-codes.js'
import { CliFailure } from '../failure.js'
import type { CliIo } from '../io.js'
import { resolveCallTarget } from '../workspace/call-target.js'
import { httpTarget } from '../workspace/http-target.js'
import { callAction, collect, openSession, parseTimeout, withTargetOptions } from './target-options.js'
import type { TargetFlags } from './target-options.js'

interface CallFlags extends TargetFlags {
  data?: string[]
  header?: string[]
  workspace?: string
  request?: string
}

/** As commander parses them: `--request` repeats. */
interface RawCallFlags extends Omit<CallFlags, 'request'> {
  request?: string[]
}

export function parseHeaderFlag(text: string): [string, string] {
  const at = text.indexOf(':')
  const name = at > 0 ? text.slice(0, at).trim() : ''
  if (name === '') throw CliFailure.usage(`-H "${text}" is not "name: value".`, `Write -H 'x-request-id: 42'.`)
  return [name, text.slice(at + 1).trim()]
}

const examples = `
Examples:
  $ wirebench call --url http://localhost:8080/openapi.json Bookshop/getBook -d '{"bookId": "1"}'
  $ wirebench call --url grpc@localhost:50051 demo.Chat/Talk -d '{"text": "hi"}' -d '{"text": "bye"}'
  $ wirebench call --url http://localhost:4000/graphql Query/books -d @books.graphql -d '{"limit": 5}'
  $ echo '"hello"' | wirebench call --url ws://localhost:8081/chat Chat/connect -d @- --timeout 2
  $ wirebench call --url 'mcp@stdio:npx -y @modelcontextprotocol/server-everything' Tools/get-sum -d '{"a": 2, "b": 3}'
  $ wirebench call --mcp-config ~/.cursor/mcp.json --url mcp+stdio://github Resources/readme
  $ wirebench call --workspace ./api-requests --request smoke/get-item
  $ wirebench call --workspace ./api-requests --request auth/login --request smoke/get-item

Messages: one -d is the request; several -d are a client stream; -d @file reads JSON (a .graphql file is sent as
the query, and a -d right after it holds its variables; --var fills "\${name}" in them); -d @- reads standard input (for a stream or channel, one JSON message per line). A unary call prints
the response. Server streams and channels print one JSON object per line as frames arrive, the same shape for every
protocol: {"data": …} with "meta" when the protocol says more about the frame (SignalR kind, target, invocationId and
error; SSE id and event; WebSocket opcode; MCP kind) and "binary" (base64) for binary frames; jq .data gives the
payloads. WebSocket and SignalR connections stay open after the last message until the server closes them or
--timeout ends them (exit 0, or 1 when an invocation on the connection failed).

--request sends a request saved in the --workspace folder (requests/smoke/get-item.json) to the URL it was saved
with; -d replaces its messages, -H adds headers, and its workspace variables fill what the environment does not.
--request repeats: the saved requests are sent in order, and the command stops at the first that fails. A later one
may read an earlier one's response: "\${auth/login.response.token}" (a saved request's path, then .response, then a
dotted path into its body; status and headers.<name> read the status and a header), or "\${response.token}" for the
request just before it. Responses are read only from this command, never from the workbench's history. A saved
request's assertions are checked on its response and printed to stderr; one that fails makes the exit code 1.
--env applies an environment of <config-dir>/environments.json (variables, auth, TLS trust). Its credentials go only
to approved hosts: the hosts of --url, those in the environment's approved list, and --allow-credentials-host.
OAuth 2.0 authorization code needs a browser and is refused here.
MCP servers over stdio start only from this command line: --url 'mcp@stdio:<program> <args>' (split on spaces, no
shell) names one after its program; --mcp-config files and <config-dir>/mcp.json name theirs (mcp+stdio://<name>).`

export function callCommand(io: CliIo, setExitCode: (code: number) => void): Command {
  const command = withTargetOptions(
    new Command('call'),
    'request headers (secrets masked), what was sent, response headers, trailers and status',
  )
  // A saved request (--request) carries its own URL: --url is checked in the action instead.
  const url = command.options.find((option) => option.long === '--url')
  if (url) url.mandatory = false
  return command
    .description('call a method: unary, client and server streams, bidi and WebSocket channels')
    .argument('[Service/Method]', 'the method, as wirebench list prints it (not with --request)')
    .option('--workspace <dir>', 'the workspace folder --request reads from')
    .option(
      '--request <folder/name>',
      'send this saved request of the --workspace folder (repeatable: sent in order)',
      collect,
    )
    .option('-d, --data <json|@file|@->', 'a request message (repeat for a client stream or channel)', collect)
    .option('-H, --header <name: value>', 'a request header or metadata entry (repeatable)', collect)
    .addOption(
      new Option(
        '--timeout <seconds>',
        'bounds discovery (default 15 s), then the call: give up (unary, streams) or stop listening (connections) after this long',
      ),
    )
    .addHelpText('after', `${examples}\n${exitCodeHelp}`)
    .action(
      callAction(async (given: string | undefined, rawFlags: RawCallFlags) => {
        const { request: requestFlags, ...flags } = rawFlags
        const requests = requestFlags ?? []
        if (requests.length > 1 && (rawFlags.data?.length ?? 0) > 0) {
          throw CliFailure.usage('-d replaces the messages of one --request; it cannot go with several.')
        }
        const chain = createCommandChain()
        if (requests.length <= 1) {
          const [request] = requests
          setExitCode(await callOnce(given, { ...flags, ...(request !== undefined ? { request } : {}) }, io, chain))
          return
        }
        if (given !== undefined) throw CliFailure.usage(`--request names the methods already; drop "${given}".`)
        for (const request of requests) {
          const code = await callOnce(undefined, { ...flags, request }, io, chain)
          setExitCode(code)
          // Later requests may read this one's response: they are not sent after a failure.
          if (code !== exitCodes.ok) return
        }
      }),
    )
}

/** The responses of this command's calls, for the `${…response…}` references of the calls after them. */
function createCommandChain() {
  const saved = new Map<string, ResponseSnapshot>()
  let previous: ResponseSnapshot | undefined
  return {
    resolver: () => createChainResolver({ current: previous, saved: (path) => saved.get(path) }),
    record(path: string | undefined, snapshot: ResponseSnapshot | undefined) {
      previous = snapshot
      if (path !== undefined && snapshot) saved.set(path, snapshot)
    },
  }
}

async function callOnce(
  given: string | undefined,
  rawFlags: CallFlags,
  io: CliIo,
  chain: ReturnType<typeof createCommandChain>,
): Promise<ExitCode> {
  const plan = await resolveCallTarget(given, rawFlags)
  const { flags, address } = plan
  const sources = plan.sources ?? (await readDataFlags(flags.data ?? []))
  const typedHeaders = Object.fromEntries((flags.header ?? []).map(parseHeaderFlag))
  const headers = { ...plan.headers, ...typedHeaders }
  const timeoutMs = parseTimeout(flags.timeout) ?? plan.timeoutMs
  // --timeout bounds discovery too: an address that accepts the connection and never answers must not hang.
  const session = await openSession(flags, io, plan.workspaceVars, plan.savedAuth, chain.resolver())
  try {
    // Headers typed with -H reach discovery too (a document behind a key needs them), as the UI's discovery
    // headers do: they go only to the --url hosts, the ones the command line names.
    const metadata = {
      ...(await session.auth.discoveryMetadata(session.urls)),
      ...((await session.auth.frame(typedHeaders)) as Record<string, string>),
    }
    // A plain HTTP request (an import) has nothing to discover: it goes to its URL as saved.
    const { service, method } =
      plan.isPlainHttp && session.urls[0] !== undefined
        ? httpTarget(session.urls[0])
        : findMethod(
            (await session.discover({ metadata, ...(timeoutMs !== undefined ? { timeoutMs } : {}) })).services,
            address,
          )
    const verbose = await createVerboseLog(io, session.auth.secretValues(), flags.verbose === true)
    const seen = createSeenResponse()
    const code = await runCall(
      {
        service,
        method,
        sources,
        headers,
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(plan.serverUrl !== undefined ? { serverUrl: plan.serverUrl } : {}),
      },
      { engine: session.engine, auth: session.auth, io, verbose, seen },
    )
    chain.record(plan.saved?.path, seen.snapshot())
    if (!plan.saved) return code
    return reportAssertions({ ...plan.saved, subject: seen.subject(), code, io })
  } finally {
    await session.close()
  }
}
