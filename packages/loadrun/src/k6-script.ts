/**
 * A benchmark as a k6 script, so the same scenario runs on k6's (distributed) runners: the request (gRPC with its
 * uploaded protos or reflection; GraphQL answers with `errors` checked as failures), the load shape and the thresholds
 * (`k6-options.ts`). Secret values are written as `__ENV` references; the script never holds them.
 */
import { WorkbenchError } from '@wirebench/core'
import { k6Options } from './k6-options.js'
import type { K6Drawn, K6ScriptInput, K6Secret, K6Target } from './k6-types.js'

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

const envName = /^[A-Za-z_][A-Za-z0-9_]*$/

/** Environment variables naming the client certificate and key files (PEM) of an mTLS run. */
const tlsEnv = { cert: 'WB_TLS_CERT_FILE', key: 'WB_TLS_KEY_FILE' } as const

export function k6Script(input: K6ScriptInput): string {
  const secrets = (input.secrets ?? []).filter((secret) => secret.value.length > 0)
  for (const secret of secrets) {
    if (!envName.test(secret.env)) {
      throw new WorkbenchError('invalid_request', `"${secret.env}" is not an environment variable name.`, {
        hint: 'Use letters, digits and _ (not starting with a digit), e.g. API_TOKEN.',
      })
    }
  }
  const { options, note: loadNote } = k6Options(input)
  const written = JSON.stringify(input.target)
  const drawn = (input.drawn ?? []).filter(
    (draw) => draw.value.length >= minDrawnLength && written.includes(draw.value),
  )
  // Each drawn value is one constant of the iteration, so a value used twice in a request stays the same within it.
  const prelude = drawn.map(
    (draw, index) => `  const wb${index + 1} = ${draw.variable === 'uuid' ? 'wbUuid()' : 'wbRandom()'}`,
  )
  const replacements: Replacement[] = [
    ...secrets.flatMap((secret) => secretForms(secret)),
    ...drawn.map((draw, index) => ({ value: draw.value, expr: `wb${index + 1}` })),
  ]
  const helpers = [...new Set(drawn.map((draw) => draw.variable))].flatMap((variable) => ['', drawHelpers[variable]])
  const text = (value: string): string => literal(value, replacements)
  const code = body(input.target, text, input.hasClientCertificate === true).flatMap((line) =>
    line === 'export default function () {' ? [line, ...prelude] : [line],
  )
  const notes = [
    ...(input.notes ?? []),
    ...(loadNote === undefined ? [] : [loadNote]),
    ...targetNotes(input),
    // Only the variables the script reads (a secret the request does not hold needs no value), each said once.
    ...new Set(
      secrets
        .filter((secret) => secret.about !== undefined && code.some((line) => line.includes(`__ENV.${secret.env}`)))
        .map((secret) => `-e ${secret.env}=…: ${secret.about ?? ''}`),
    ),
  ]
  const lines = [
    '// Written by Wirebench from a benchmark. Run: k6 run <this file> (secrets come from the environment, -e NAME=…).',
    // Notes may quote a target's own text (a path from its document): every character that ends a JavaScript line
    // comment (LF, CR, U+2028, U+2029) is made a space, so no text can leave the comment.
    ...notes.map((note) => `// ${note.replace(/\s*[\n\r\u2028\u2029]\s*/g, ' ')}`),
    ...imports(input.target),
    ...(input.hasClientCertificate === true
      ? ['', `const wbTlsCert = open(__ENV.${tlsEnv.cert})`, `const wbTlsKey = open(__ENV.${tlsEnv.key})`]
      : []),
    '',
    `export const options = ${JSON.stringify(options, null, 2)}`,
    ...clientCertificateOption(input),
    ...helpers,
    '',
    ...code,
  ]
  const script = `${lines.join('\n')}\n`
  // A backstop: a secret long enough not to occur by chance, in any of its forms, never reaches the file.
  const leaked = secrets.find(
    (secret) =>
      secret.value.length >= 8 &&
      !secret.value.startsWith('\u0000') &&
      secretForms(secret).some((form) => script.includes(form.value)),
  )
  if (leaked) {
    throw new WorkbenchError('invalid_request', `The k6 script would hold the value of ${leaked.env} as text.`, {
      hint: 'Export JSON, CSV or the k6 summary instead, or report this: the script must read it from __ENV.',
    })
  }
  return script
}

/** What a reader must provide for the target to be reached as the run reached it. */
function targetNotes(input: K6ScriptInput): string[] {
  const notes: string[] = []
  const { target } = input
  if (target.kind === 'grpc' && target.protoFiles.length > 0) {
    notes.push(
      `The service was described by uploaded .proto files, not server reflection: put ${target.protoFiles.join(', ')} ` +
        '(and the .proto files it imports, under the names it imports them by) beside this script, or name their ' +
        'directory with -e WB_PROTO_DIR=….',
    )
  }
  if (input.hasClientCertificate === true) {
    notes.push(
      `The run presented a client certificate (mTLS): -e ${tlsEnv.cert}=… and -e ${tlsEnv.key}=… name its PEM ` +
        'certificate and key files.',
    )
  }
  return notes
}

/** k6's `tlsAuth` for HTTP and WebSocket (gRPC takes the certificate in `connect`): the files the environment names. */
function clientCertificateOption(input: K6ScriptInput): string[] {
  const { target } = input
  if (input.hasClientCertificate !== true || target.kind === 'grpc') return []
  let domain: string
  try {
    domain = new URL(target.url).hostname
  } catch {
    return []
  }
  return ['', `options.tlsAuth = [{ domains: [${JSON.stringify(domain)}], cert: wbTlsCert, key: wbTlsKey }]`]
}

function imports(target: K6Target): string[] {
  switch (target.kind) {
    case 'http':
      return ["import http from 'k6/http'", ...(target.isGraphql === true ? ["import { check } from 'k6'"] : [])]
    case 'grpc':
      return ["import grpc from 'k6/net/grpc'", "import { check } from 'k6'"]
    case 'ws':
      return ["import ws from 'k6/ws'", "import { check } from 'k6'"]
  }
}

function body(target: K6Target, text: (value: string) => string, hasClientCertificate: boolean): string[] {
  const headers = (record: Record<string, string>): string =>
    `{ ${Object.entries(record)
      .map(([name, value]) => `${JSON.stringify(name)}: ${text(value)}`)
      .join(', ')} }`
  switch (target.kind) {
    case 'http': {
      const request = `http.request(${JSON.stringify(target.method.toUpperCase())}, ${text(target.url)}, ${
        target.body === undefined ? 'null' : text(target.body)
      }, { headers: ${headers(target.headers)} })`
      if (target.isGraphql !== true) return ['export default function () {', `  ${request}`, '}']
      return [
        'export default function () {',
        `  const response = ${request}`,
        // As the run counted them: an HTTP failure, or an answer that is not JSON or carries `errors`.
        '  check(response, {',
        "    'no GraphQL errors': (r) => {",
        '      if (r.status >= 400) return false',
        '      try {',
        "        const errors = r.json('errors')",
        '        return !(Array.isArray(errors) && errors.length > 0)',
        '      } catch (e) {',
        '        return false',
        '      }',
        '    },',
        '  })',
        '}',
      ]
    }
    case 'grpc': {
      const isReflected = target.protoFiles.length === 0
      const params = [
        `plaintext: ${String(target.isPlaintext)}`,
        ...(isReflected ? ['reflect: true'] : []),
        ...(hasClientCertificate ? ['tls: { cert: wbTlsCert, key: wbTlsKey }'] : []),
      ]
      return [
        'const client = new grpc.Client()',
        ...(isReflected
          ? []
          : [
              // Import paths: the directory the environment names, else k6's default ('.', where the script is run).
              `client.load(__ENV.WB_PROTO_DIR ? [__ENV.WB_PROTO_DIR] : [], ${target.protoFiles
                .map((file) => JSON.stringify(file))
                .join(', ')})`,
            ]),
        '',
        'export default function () {',
        // k6 connects once per VU and reuses it, as the workbench reuses its channel.
        '  if (__ITER === 0) {',
        `    client.connect(${JSON.stringify(target.address)}, { ${params.join(', ')} })`,
        '  }',
        `  const response = client.invoke(${JSON.stringify(target.method)}, ${jsValue(target.message, text)}, {`,
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

/** A JS expression for a JSON value, each string in it written by `text` (secrets from `__ENV`, drawn values drawn). */
function jsValue(value: unknown, text: (value: string) => string): string {
  if (typeof value === 'string') return text(value)
  if (Array.isArray(value)) return `[${value.map((item) => jsValue(item, text)).join(', ')}]`
  if (value !== null && typeof value === 'object') {
    // A quoted `"__proto__": …` in a literal sets the prototype; a computed key makes it a field, as in the JSON.
    const entries = Object.entries(value).map(
      ([key, item]) => `${key === '__proto__' ? '["__proto__"]' : JSON.stringify(key)}: ${jsValue(item, text)}`,
    )
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * A secret and the forms it takes in a request as sent — percent-encoded in a URL, form-encoded in a body, escaped in
 * a JSON string — each with the expression that writes that form of `__ENV.NAME` (a secret is found by its text: the
 * request is the one the plugin put on the wire). A stand-in (`\u0000NAME`, a value the script reads whole) has one.
 */
function secretForms(secret: K6Secret): Replacement[] {
  if (secret.value === '') return []
  const env = `__ENV.${secret.env}`
  const forms: Replacement[] = [{ value: secret.value, expr: env }]
  if (secret.value.startsWith('\u0000')) return forms
  const add = (value: string, expr: string): void => {
    if (!forms.some((form) => form.value === value)) forms.push({ value, expr })
  }
  add(encodeURIComponent(secret.value), `encodeURIComponent(${env})`)
  add(
    new URLSearchParams([['', secret.value]]).toString().slice(1),
    `encodeURIComponent(${env}).replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()).replace(/%20/g, '+')`,
  )
  add(JSON.stringify(secret.value).slice(1, -1), `JSON.stringify(${env}).slice(1, -1)`)
  return forms
}

/** A JS expression for `value`: a string literal, with every secret in it read from `__ENV` and every drawn value drawn. */
function literal(value: string, replacements: readonly Replacement[]): string {
  const parts: string[] = []
  let rest = value
  for (;;) {
    let first: { at: number; replacement: Replacement } | undefined
    for (const replacement of replacements) {
      const at = rest.indexOf(replacement.value)
      // The first occurrence; of two at the same place, the longer (an encoded form that starts as another does).
      const isFirst =
        first === undefined ||
        at < first.at ||
        (at === first.at && replacement.value.length > first.replacement.value.length)
      if (at >= 0 && isFirst) first = { at, replacement }
    }
    if (!first) break
    if (first.at > 0) parts.push(JSON.stringify(rest.slice(0, first.at)))
    parts.push(first.replacement.expr)
    rest = rest.slice(first.at + first.replacement.value.length)
  }
  if (rest.length > 0 || parts.length === 0) parts.push(JSON.stringify(rest))
  return parts.join(' + ')
}
