/**
 * Reads an `mcpServers` document, the format Claude Desktop, Cursor and VS Code share:
 * `{"mcpServers": {"<name>": {"command", "args"?, "env"?, "cwd"?} | {"url", "headers"?}}}` (VS Code's `servers` key and
 * its `type` field are read too). Each entry is checked on its own: a bad one is reported and the others are kept.
 */
import type { McpConfigIssue, McpRoot, McpServerSource } from '@wirebench/core'
import type { ConfiguredMcpServer } from './types.js'

export interface ParsedMcpServers {
  servers: ConfiguredMcpServer[]
  issues: McpConfigIssue[]
}

/** Names that can stand as the host of `mcp+stdio://<name>` unchanged. */
const namePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export interface ParseOptions {
  source: McpServerSource
  /** Resolves a relative `cwd` (against the file's folder); identity by default. */
  resolveCwd?: (cwd: string) => string
}

function sourceLabel(source: McpServerSource): string {
  return source.kind === 'file' ? source.path : 'command line'
}

export function parseMcpServersDocument(text: string, options: ParseOptions): ParsedMcpServers {
  const file = sourceLabel(options.source)
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { servers: [], issues: [{ file, message: `Not valid JSON (${reason}).` }] }
  }
  const table = isRecord(document) ? (document['mcpServers'] ?? document['servers']) : undefined
  if (!isRecord(table)) {
    return {
      servers: [],
      issues: [{ file, message: 'Expected an object with an "mcpServers" object mapping names to servers.' }],
    }
  }
  const servers: ConfiguredMcpServer[] = []
  const issues: McpConfigIssue[] = []
  for (const [name, raw] of Object.entries(table)) {
    const entry = readEntry(name, raw, options)
    if (typeof entry === 'string') issues.push({ file, server: name, message: entry })
    else servers.push(entry)
  }
  return { servers, issues }
}

/** One entry, or why it cannot be used. */
export function readEntry(name: string, raw: unknown, options: ParseOptions): ConfiguredMcpServer | string {
  if (!namePattern.test(name)) {
    return `The name "${name.slice(0, 64)}" cannot be used in an address (mcp+stdio://<name>): use letters, digits, ".", "_" and "-".`
  }
  if (!isRecord(raw)) return 'An entry must be an object with "command" (stdio) or "url" (HTTP).'
  if (raw['disabled'] === true) return 'Disabled in the configuration ("disabled": true).'
  const roots = readRoots(raw['roots'])
  if (typeof roots === 'string') return roots
  const base = { name, source: options.source, ...(roots ? { roots } : {}) }
  const type = raw['type']
  if (typeof raw['command'] === 'string' && type !== 'http' && type !== 'sse') {
    if (raw['command'].trim() === '') return '"command" is empty.'
    const args = raw['args'] ?? []
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) return '"args" must be an array of strings.'
    const env = stringRecord(raw['env'], '"env"')
    if (typeof env === 'string') return env
    const cwd = raw['cwd']
    if (cwd !== undefined && typeof cwd !== 'string') return '"cwd" must be a string.'
    const server: ConfiguredMcpServer = { ...base, transport: 'stdio', command: raw['command'], args, env }
    if (typeof cwd === 'string' && cwd !== '') server.cwd = options.resolveCwd ? options.resolveCwd(cwd) : cwd
    return server
  }
  if (typeof raw['url'] === 'string') {
    if (!/^https?:\/\//i.test(raw['url']) || !URL.canParse(raw['url'])) return '"url" must be an http(s) URL.'
    const headers = stringRecord(raw['headers'], '"headers"')
    if (typeof headers === 'string') return headers
    return { ...base, transport: 'http', url: raw['url'], headers }
  }
  return 'An entry needs "command" (a server to start over stdio) or "url" (a server reached over HTTP).'
}

function stringRecord(value: unknown, label: string): Record<string, string> | string {
  if (value === undefined) return {}
  if (!isRecord(value) || !Object.values(value).every((v) => typeof v === 'string')) {
    return `${label} must map names to strings.`
  }
  return { ...(value as Record<string, string>) }
}

function readRoots(value: unknown): McpRoot[] | undefined | string {
  if (value === undefined) return undefined
  if (!Array.isArray(value)) return '"roots" must be an array of {"uri", "name"?}.'
  const roots: McpRoot[] = []
  for (const item of value as unknown[]) {
    const uri = isRecord(item) ? item['uri'] : typeof item === 'string' ? item : undefined
    if (typeof uri !== 'string' || !uri.startsWith('file://')) return 'Each root needs a "uri" starting with file://.'
    const rootName = isRecord(item) ? item['name'] : undefined
    roots.push(typeof rootName === 'string' ? { uri, name: rootName } : { uri })
  }
  return roots
}
