/**
 * `--url 'mcp@stdio:<command line>'`: the command line is split into an argv the way a POSIX shell splits words
 * (quotes and backslashes), with nothing else a shell does (no variables, globs, pipes or redirections): the program
 * is started without a shell.
 */
import type { McpStdioServer } from './types.js'

export const STDIO_PIN_PREFIX = 'mcp@stdio:'

/** Splits a command line into words; throws an Error naming the problem (an unclosed quote). */
export function splitCommandLine(text: string): string[] {
  const words: string[] = []
  let word = ''
  let inWord = false
  let quote: '"' | "'" | undefined
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (quote === "'") {
      if (c === "'") quote = undefined
      else word += c
      continue
    }
    if (quote === '"') {
      if (c === '"') quote = undefined
      else if (c === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1] as string)) word += text[++i]
      else word += c
      continue
    }
    if (c === "'" || c === '"') {
      quote = c
      inWord = true
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i]
      inWord = true
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word)
      word = ''
      inWord = false
    } else {
      word += c
      inWord = true
    }
  }
  if (quote) throw new Error(`The command line has an unclosed ${quote === '"' ? 'double' : 'single'} quote.`)
  if (inWord) words.push(word)
  return words
}

/** A name for a server given on the command line: the program's base name (the package for `npx pkg`), made unique. */
export function commandLineServerName(argv: readonly string[], taken: (name: string) => boolean): string {
  const program = (argv[0] ?? 'server').split(/[\\/]/).at(-1) ?? 'server'
  const packageArg = /^(npx|bunx|pnpx|uvx)$/.test(program) ? argv.slice(1).find((a) => !a.startsWith('-')) : undefined
  const base =
    (packageArg ?? program)
      .replace(/^@[^/]+\//, '')
      .replace(/@[^@]*$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[^A-Za-z0-9]+/, '') || 'server'
  let name = base.slice(0, 100)
  for (let n = 2; taken(name); n++) name = `${base.slice(0, 100)}-${n}`
  return name
}

/** The stdio entry of a `mcp@stdio:<command line>` flag; throws an Error with what is wrong. */
export function stdioServerFromCommandLine(text: string, taken: (name: string) => boolean): McpStdioServer {
  const argv = splitCommandLine(text.trim())
  const [command, ...args] = argv
  if (command === undefined) throw new Error('mcp@stdio: needs a command line, e.g. mcp@stdio:npx -y @scope/server.')
  return {
    name: commandLineServerName(argv, taken),
    source: { kind: 'command-line' },
    transport: 'stdio',
    command,
    args,
    env: {},
  }
}
