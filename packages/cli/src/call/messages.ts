/**
 * The `-d` values of a call: inline JSON, `@file` (JSON, or a `.graphql` file sent as the query), or `@-` (standard
 * input: one JSON document for a single message, one per line for a stream or channel).
 */
import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import { CliFailure } from '../failure.js'

export type DataSource = { kind: 'value'; value: unknown } | { kind: 'stdin' }

const graphqlExtensions = new Set(['.graphql', '.gql'])

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw CliFailure.usage(
      `${where} is not JSON: ${error instanceof Error ? error.message : String(error)}.`,
      `Quote it for the shell, e.g. -d '{"name": "value"}', or read it from a file with -d @file.json.`,
    )
  }
}

/** The operations read from .graphql files: a JSON -d right after one gives its variables instead of a message. */
const graphqlOperations = new WeakSet<object>()

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A .graphql operation with the -d after it: `{"variables": …, "operationName": …}` is laid over the operation as
 * written; any other object is the variables themselves.
 */
function withVariables(operation: Record<string, unknown>, given: Record<string, unknown>): Record<string, unknown> {
  if ('variables' in given || 'operationName' in given) return { ...operation, ...given }
  return { ...operation, variables: given }
}

async function fromFile(file: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    throw CliFailure.usage(`-d @${file}: the file cannot be read.`)
  }
  // A GraphQL document is the operation itself: `{ query }`; its variables come in the -d after it.
  if (graphqlExtensions.has(extname(file).toLowerCase())) {
    const operation = { query: text }
    graphqlOperations.add(operation)
    return operation
  }
  return parseJson(text, `-d @${file}`)
}

export async function readDataFlags(values: readonly string[]): Promise<DataSource[]> {
  const sources: DataSource[] = []
  for (const value of values) {
    if (value === '@-') sources.push({ kind: 'stdin' })
    else {
      const parsed = value.startsWith('@')
        ? await fromFile(value.slice(1))
        : parseJson(value, `-d ${value.length > 40 ? `${value.slice(0, 40)}…` : value}`)
      const previous = sources.at(-1)
      if (previous?.kind === 'value' && isPlainObject(previous.value) && graphqlOperations.has(previous.value)) {
        if (!isPlainObject(parsed)) {
          throw CliFailure.usage(
            'The -d after a .graphql file gives its variables: write a JSON object.',
            `Write -d '{"id": "1"}' (or {"variables": {…}, "operationName": "…"}).`,
          )
        }
        // Taken once: a third -d is a message of its own again.
        graphqlOperations.delete(previous.value)
        previous.value = withVariables(previous.value, parsed)
        continue
      }
      sources.push({ kind: 'value', value: parsed })
    }
  }
  if (sources.filter((s) => s.kind === 'stdin').length > 1) throw CliFailure.usage('-d @- can be given once.')
  return sources
}

/** Lines of standard input as they arrive (a channel sends each one when it is read). */
export async function* stdinLines(stdin: AsyncIterable<string | Uint8Array> | undefined): AsyncGenerator<string> {
  if (!stdin) return
  const decoder = new TextDecoder()
  let buffered = ''
  for await (const chunk of stdin) {
    buffered += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })
    let newline = buffered.indexOf('\n')
    while (newline >= 0) {
      const line = buffered.slice(0, newline).replace(/\r$/, '')
      buffered = buffered.slice(newline + 1)
      if (line.trim() !== '') yield line
      newline = buffered.indexOf('\n')
    }
  }
  if (buffered.trim() !== '') yield buffered
}

/** Each line of standard input as one JSON message. */
export async function* stdinMessages(stdin: AsyncIterable<string | Uint8Array> | undefined): AsyncGenerator<unknown> {
  let index = 0
  for await (const line of stdinLines(stdin)) {
    index++
    yield parseJson(line, `Line ${index} of standard input`)
  }
}

/** The messages of a call that takes them all at once: `@-` reads standard input to its end. */
export async function collectMessages(
  sources: readonly DataSource[],
  stdin: AsyncIterable<string | Uint8Array> | undefined,
  isSingle: boolean,
): Promise<unknown[]> {
  const messages: unknown[] = []
  for (const source of sources) {
    if (source.kind === 'value') {
      messages.push(source.value)
      continue
    }
    if (isSingle) {
      let text = ''
      for await (const line of stdinLines(stdin)) text += `${line}\n`
      messages.push(parseJson(text, 'Standard input'))
    } else for await (const message of stdinMessages(stdin)) messages.push(message)
  }
  return messages
}
