/**
 * A benchmark as a k6 script, so the same scenario runs on k6's (distributed) runners: the request, the load shape
 * (closed loop → `shared-iterations`/`constant-vus`, open loop → `constant-arrival-rate`) and the thresholds under k6's
 * metric names. Secret values are written as `__ENV` references; the script never holds them.
 */
import { WorkbenchError } from '@wirebench/core'
import { parseThreshold } from './thresholds.js'
import type { Threshold } from './thresholds.js'
import type { RunSettings } from './types.js'

/** A value of the request that the script reads from the environment instead (`__ENV.NAME`). */
export interface K6Secret {
  /** An environment variable name: letters, digits and `_`. */
  env: string
  value: string
}

export type K6Target =
  | { kind: 'http'; method: string; url: string; headers: Record<string, string>; body?: string }
  /** gRPC over `k6/net/grpc`: protos from files next to the script (`protoFiles`), or, with none, server reflection. */
  | {
      kind: 'grpc'
      address: string
      isPlaintext: boolean
      protoFiles: readonly string[]
      /** `package.Service/Method`. */
      method: string
      message: unknown
      metadata: Record<string, string>
    }
  /** WebSocket over `k6/ws`: connect, send each message after the previous one's answer, close after the last. */
  | { kind: 'ws'; url: string; headers: Record<string, string>; messages: readonly string[] }

/**
 * A value one call of the run drew from `${uuid}` or `${random}`: wherever it occurs in the written request, the script
 * draws a fresh one for every iteration instead, as the benchmark did for every call.
 */
export interface K6Drawn {
  variable: 'uuid' | 'random'
  value: string
}

/** Shorter values could occur in the request by chance (a `${random}` below 100,000 is one in 40,000). */
const minDrawnLength = 6

const drawHelpers: Record<K6Drawn['variable'], string> = {
  uuid:
    "function wbUuid() {\n  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {\n" +
    '    const r = (Math.random() * 16) | 0\n' +
    "    return (c === 'x' ? r : (r & 3) | 8).toString(16)\n  })\n}",
  random: 'function wbRandom() {\n  return String(Math.floor(Math.random() * 4294967296))\n}',
}

interface Replacement {
  value: string
  expr: string
}

export interface K6ScriptInput {
  target: K6Target
  settings: RunSettings
  thresholds?: readonly string[]
  secrets?: readonly K6Secret[]
  /** Values one call drew for `${uuid}`/`${random}`: drawn afresh per iteration in the script. */
  drawn?: readonly K6Drawn[]
  /** Said at the top of the script as comments (what the script does not reproduce). */
  notes?: readonly string[]
}

const envName = /^[A-Za-z_][A-Za-z0-9_]*$/

/** The k6 metrics a protocol reports: call duration, failed calls (a rate), and calls. */
const metricsByKind = {
  http: { duration: 'http_req_duration', failed: 'http_req_failed', calls: 'http_reqs' },
  grpc: { duration: 'grpc_req_duration', failed: 'checks', calls: 'iterations' },
  ws: { duration: 'ws_session_duration', failed: 'checks', calls: 'iterations' },
} as const

const k6Aggregates: Record<string, string> = {
  min: 'min',
  mean: 'avg',
  p50: 'med',
  p75: 'p(75)',
  p90: 'p(90)',
  p95: 'p(95)',
  p99: 'p(99)',
  p999: 'p(99.9)',
  max: 'max',
}

export function k6Script(input: K6ScriptInput): string {
  const secrets = (input.secrets ?? []).filter((secret) => secret.value.length > 0)
  for (const secret of secrets) {
    if (!envName.test(secret.env)) {
      throw new WorkbenchError('invalid_request', `"${secret.env}" is not an environment variable name.`, {
        hint: 'Use letters, digits and _ (not starting with a digit), e.g. API_TOKEN.',
      })
    }
  }
  const options = { scenarios: { bench: scenario(input.settings) }, thresholds: k6Thresholds(input) }
  const written = JSON.stringify(input.target)
  const drawn = (input.drawn ?? []).filter(
    (draw) => draw.value.length >= minDrawnLength && written.includes(draw.value),
  )
  // Each drawn value is one constant of the iteration, so a value used twice in a request stays the same within it.
  const prelude = drawn.map(
    (draw, index) => `  const wb${index + 1} = ${draw.variable === 'uuid' ? 'wbUuid()' : 'wbRandom()'}`,
  )
  const replacements: Replacement[] = [
    ...secrets.map((secret) => ({ value: secret.value, expr: `__ENV.${secret.env}` })),
    ...drawn.map((draw, index) => ({ value: draw.value, expr: `wb${index + 1}` })),
  ]
  const helpers = [...new Set(drawn.map((draw) => draw.variable))].flatMap((variable) => ['', drawHelpers[variable]])
  const lines = [
    '// Written by Wirebench from a benchmark. Run: k6 run <this file> (secrets come from the environment, -e NAME=…).',
    // Notes may quote a target's own text (a path from its document): every character that ends a JavaScript line
    // comment (LF, CR, U+2028, U+2029) is made a space, so no text can leave the comment.
    ...(input.notes ?? []).map((note) => `// ${note.replace(/\s*[\n\r\u2028\u2029]\s*/g, ' ')}`),
    ...imports(input.target),
    '',
    `export const options = ${JSON.stringify(options, null, 2)}`,
    ...helpers,
    '',
    ...body(input.target, (text) => literal(text, replacements)).flatMap((line) =>
      line === 'export default function () {' ? [line, ...prelude] : [line],
    ),
  ]
  return `${lines.join('\n')}\n`
}

function scenario(settings: RunSettings): Record<string, unknown> {
  const vus = settings.concurrency
  if (settings.mode === 'open') {
    return {
      executor: 'constant-arrival-rate',
      rate: settings.rate,
      timeUnit: '1s',
      duration: `${settings.durationS}s`,
      preAllocatedVUs: vus,
      maxVUs: vus,
    }
  }
  if (settings.calls !== undefined) {
    return { executor: 'shared-iterations', vus, iterations: settings.calls, maxDuration: '24h' }
  }
  return { executor: 'constant-vus', vus, duration: `${settings.durationS ?? 1}s` }
}

function k6Thresholds(input: K6ScriptInput): Record<string, string[]> {
  const metrics = metricsByKind[input.target.kind]
  const out: Record<string, string[]> = {}
  const add = (metric: string, expression: string): void => {
    ;(out[metric] ??= []).push(expression)
  }
  for (const threshold of (input.thresholds ?? []).map(parseThreshold)) {
    const { metric, operator, value } = threshold
    if (metric === 'throughput') add(metrics.calls, `rate${operator}${value}`)
    else if (metric === 'error-rate') add(metrics.failed, failedRate(threshold, metrics.failed === 'checks'))
    else add(metrics.duration, `${k6Aggregates[metric] ?? metric}${operator}${value}`)
  }
  return out
}

/** `checks` counts passes, so an error-rate bound becomes a pass-rate bound the other way round. */
function failedRate(threshold: Threshold, isPassRate: boolean): string {
  if (!isPassRate) return `rate${threshold.operator}${threshold.value}`
  const flipped = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' }[threshold.operator]
  return `rate${flipped}${Math.round((1 - threshold.value) * 1e9) / 1e9}`
}

function imports(target: K6Target): string[] {
  switch (target.kind) {
    case 'http':
      return ["import http from 'k6/http'"]
    case 'grpc':
      return ["import grpc from 'k6/net/grpc'", "import { check } from 'k6'"]
    case 'ws':
      return ["import ws from 'k6/ws'", "import { check } from 'k6'"]
  }
}

function body(target: K6Target, text: (value: string) => string): string[] {
  const headers = (record: Record<string, string>): string =>
    `{ ${Object.entries(record)
      .map(([name, value]) => `${JSON.stringify(name)}: ${text(value)}`)
      .join(', ')} }`
  switch (target.kind) {
    case 'http':
      return [
        'export default function () {',
        `  http.request(${JSON.stringify(target.method.toUpperCase())}, ${text(target.url)}, ${
          target.body === undefined ? 'null' : text(target.body)
        }, { headers: ${headers(target.headers)} })`,
        '}',
      ]
    case 'grpc': {
      const isReflected = target.protoFiles.length === 0
      return [
        'const client = new grpc.Client()',
        ...(isReflected
          ? []
          : [`client.load([], ${target.protoFiles.map((file) => JSON.stringify(file)).join(', ')})`]),
        '',
        'export default function () {',
        // k6 connects once per VU and reuses it, as the workbench reuses its channel.
        '  if (__ITER === 0) {',
        `    client.connect(${JSON.stringify(target.address)}, { plaintext: ${String(target.isPlaintext)}${
          isReflected ? ', reflect: true' : ''
        } })`,
        '  }',
        `  const response = client.invoke(${JSON.stringify(target.method)}, ${JSON.stringify(target.message)}, {`,
        `    metadata: ${headers(target.metadata)},`,
        '  })',
        "  check(response, { 'status is OK': (r) => r && r.status === grpc.StatusOK })",
        '}',
      ]
    }
    case 'ws':
      return [
        `const frames = [${target.messages.map(text).join(', ')}]`,
        '',
        'export default function () {',
        `  const response = ws.connect(${text(target.url)}, { headers: ${headers(target.headers)} }, (socket) => {`,
        // As the workbench's exchange: a message, its answer, the next message; closed after the last answer.
        '    let next = 0',
        '    const step = () => (next < frames.length ? socket.send(frames[next++]) : socket.close())',
        "    socket.on('open', step)",
        "    socket.on('message', step)",
        '    socket.setTimeout(() => socket.close(), 10000)',
        '  })',
        "  check(response, { 'status is 101': (r) => r && r.status === 101 })",
        '}',
      ]
  }
}

/** A JS expression for `value`: a string literal, with every secret in it read from `__ENV` and every drawn value drawn. */
function literal(value: string, replacements: readonly Replacement[]): string {
  const parts: string[] = []
  let rest = value
  for (;;) {
    let first: { at: number; replacement: Replacement } | undefined
    for (const replacement of replacements) {
      const at = rest.indexOf(replacement.value)
      if (at >= 0 && (first === undefined || at < first.at)) first = { at, replacement }
    }
    if (!first) break
    if (first.at > 0) parts.push(JSON.stringify(rest.slice(0, first.at)))
    parts.push(first.replacement.expr)
    rest = rest.slice(first.at + first.replacement.value.length)
  }
  if (rest.length > 0 || parts.length === 0) parts.push(JSON.stringify(rest))
  return parts.join(' + ')
}
