/**
 * What each lab tool does when called (`tools/call`): the behaviours of `lab-tools.ts`, over one session's server.
 */
import { randomUUID } from 'node:crypto'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import { UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js'
import type {
  CallToolRequest,
  CallToolResult,
  ServerNotification,
  ServerRequest,
  Tool,
} from '@modelcontextprotocol/sdk/types.js'

/** What the lab's sessions share: the tool list (which `grow` extends), the readme, the calls cancelled. */
export interface LabState {
  tools: Tool[]
  readme: string
  cancelled: Array<{ requestId: unknown; reason?: unknown }>
}

/** What one session's server keeps: the resources subscribed to, and how far the consent of `needs-consent` got. */
export interface LabSession {
  server: Server
  subscribed: Set<string>
  consent: 'none' | 'asked' | 'given'
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] })

export async function callLabTool(
  request: CallToolRequest,
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  state: LabState,
  session: LabSession,
): Promise<CallToolResult> {
  const { server } = session
  const args = request.params.arguments ?? {}
  const token = request.params._meta?.progressToken
  switch (request.params.name) {
    case 'echo':
      return text(`Echo: ${String(args['message'])}`)
    case 'headers': {
      const info = { headers: extra.requestInfo?.headers ?? {}, url: extra.requestInfo?.url?.toString() ?? '' }
      return { ...text(JSON.stringify(info)), structuredContent: info }
    }
    case 'slow':
      await sleep(Number(args['ms'] ?? 5000), extra.signal)
      if (extra.signal.aborted) state.cancelled.push({ requestId: extra.requestId, reason: extra.signal.reason })
      return text(extra.signal.aborted ? 'cancelled' : 'done')
    case 'progress': {
      const steps = Number(args['steps'] ?? 3)
      for (let step = 1; step <= steps; step++) {
        await sleep(Number(args['delayMs'] ?? 20), extra.signal)
        if (token !== undefined) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, total: steps, message: `step ${step}` },
          })
        }
      }
      return text(`${steps} steps`)
    }
    case 'weather-ok':
      return { ...text('22 and sunny'), structuredContent: { temperature: 22, conditions: 'sunny' } }
    case 'weather-bad':
      return { ...text('hot'), structuredContent: { temperature: 'hot' } }
    case 'weather-many': {
      const readings = Array.from({ length: 30_000 }, (_, i) => ({
        temperature: i === 9000 ? 'hot' : 20 + (i % 10),
        conditions: `sunny with a few clouds over the hills ${i}`,
      }))
      return { ...text('many readings'), structuredContent: { readings } }
    }
    case 'fails':
      return { ...text('It went wrong on purpose.'), isError: true }
    case 'ask': {
      const answer = await server.elicitInput({
        mode: 'form',
        message: 'Pick a color',
        requestedSchema: {
          type: 'object',
          properties: { color: { type: 'string', enum: ['red', 'green'] } },
          required: ['color'],
        },
      })
      return { ...text(JSON.stringify(answer)), structuredContent: answer as unknown as Record<string, unknown> }
    }
    case 'sample': {
      const answer = await server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
        maxTokens: 20,
      })
      return text(JSON.stringify(answer))
    }
    case 'roots':
      return text(JSON.stringify(await server.listRoots()))
    case 'touch':
      state.readme = `Touched at ${Date.now()}`
      if (session.subscribed.has('lab://readme')) await server.sendResourceUpdated({ uri: 'lab://readme' })
      return text('touched')
    case 'grow': {
      const name = `grown-${state.tools.length}`
      state.tools.push({ name, description: 'Added at run time.', inputSchema: { type: 'object', properties: {} } })
      await server.sendToolListChanged()
      return text(name)
    }
    case 'ask-then-withdraw': {
      const answer = await server
        .elicitInput(
          { mode: 'form', message: 'Never mind', requestedSchema: { type: 'object', properties: {} } },
          { signal: AbortSignal.timeout(200) },
        )
        .then(
          () => 'answered',
          () => 'withdrawn',
        )
      return text(answer)
    }
    case 'ping-client':
      await server.ping()
      return text('pong')
    case 'needs-consent': {
      if (session.consent === 'given') return text('consented')
      const elicitationId = randomUUID()
      if (session.consent === 'none') {
        session.consent = 'asked'
        const notify = server.createElicitationCompletionNotifier(elicitationId)
        setTimeout(() => {
          session.consent = 'given'
          void notify().catch(() => undefined)
        }, 300)
      }
      throw new UrlElicitationRequiredError(
        [{ mode: 'url', url: 'https://consent.example/lab', message: 'Agree to the lab terms.', elicitationId }],
        'Consent needed.',
      )
    }
    case 'nested':
      return { ...text(JSON.stringify(args)), structuredContent: args }
    case 'contents':
      return {
        content: [
          { type: 'text', text: 'plain' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'lab://readme', name: 'readme', mimeType: 'text/plain' },
          { type: 'resource', resource: { uri: 'lab://inline', mimeType: 'text/plain', text: 'embedded' } },
        ],
      }
    default:
      if (/^(tool|grown)-/.test(request.params.name)) return text(`${request.params.name}: ${JSON.stringify(args)}`)
      return { ...text(`Unknown tool ${request.params.name}`), isError: true }
  }
}
