/**
 * Parses a substituted JSON template (JWT header/payload, custom-token headers) and, on failure, reports the exact
 * position the same way in every engine: V8 and the browsers word and locate JSON.parse errors differently.
 */
import { WorkbenchError } from '@wirebench/core'

export interface JsonSyntaxError {
  /** Zero-based character offset. */
  position: number
  line: number
  column: number
  message: string
}

/** Finds the first syntax error of `text` as JSON, or undefined when it is valid JSON. */
export function locateJsonError(text: string): JsonSyntaxError | undefined {
  let i = 0
  const fail = (message: string): never => {
    throw Object.assign(new Error(message), { position: i })
  }
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++
  }
  const describe = () => (i >= text.length ? 'end of input' : JSON.stringify(text.charAt(i)))
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length
    else fail(`unexpected ${describe()}`)
  }
  const string = () => {
    i++
    while (i < text.length) {
      const ch = text.charAt(i)
      if (ch === '"') return void i++
      if (ch < ' ') fail('control character in string')
      if (ch === '\\') {
        const next = text.charAt(i + 1)
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape')
          i += 6
        } else if ('"\\/bfnrt'.includes(next) && next !== '') i += 2
        else fail('bad escape')
      } else i++
    }
    fail('unterminated string')
  }
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i))
    if (!match) fail(`unexpected ${describe()}`)
    else i += match[0].length
  }
  const value = (): void => {
    ws()
    const ch = text.charAt(i)
    if (ch === '{') return members('}', true)
    if (ch === '[') return members(']', false)
    if (ch === '"') return string()
    if (ch === 't') return literal('true')
    if (ch === 'f') return literal('false')
    if (ch === 'n') return literal('null')
    return number()
  }
  const members = (close: string, isObject: boolean) => {
    i++
    ws()
    if (text.charAt(i) === close) return void i++
    for (;;) {
      if (isObject) {
        ws()
        if (text.charAt(i) !== '"') fail(`expected a property name in double quotes, found ${describe()}`)
        string()
        ws()
        if (text.charAt(i) !== ':') fail(`expected ":", found ${describe()}`)
        i++
      }
      value()
      ws()
      const ch = text.charAt(i)
      if (ch === ',') i++
      else if (ch === close) return void i++
      else fail(`expected "," or "${close}", found ${describe()}`)
    }
  }
  try {
    value()
    ws()
    if (i < text.length) fail(`unexpected ${describe()} after the JSON value`)
    return undefined
  } catch (error) {
    const position = (error as { position: number }).position
    const before = text.slice(0, position)
    const line = before.split('\n').length
    const column = position - before.lastIndexOf('\n')
    return { position, line, column, message: (error as Error).message }
  }
}

/** JSON.parse with a positioned WorkbenchError naming the template (`label`) that failed. */
export function parseJsonTemplate(text: string, label: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    // JSON.parse's own message quotes the text, which may hold substituted secrets: only the position is reported.
    const where = locateJsonError(text)
    const at = where
      ? `: ${where.message} at line ${where.line}, column ${where.column} (position ${where.position})`
      : ''
    throw new WorkbenchError('invalid_request', `${label} is not valid JSON after substitution${at}.`, {
      hint: 'Quote string values, including substituted ones ("${name}"); numbers and booleans stay unquoted.',
      details: where
        ? { template: label, position: where.position, line: where.line, column: where.column }
        : { template: label },
    })
  }
}
