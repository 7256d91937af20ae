/**
 * The MCP servers the workbench may start or reach — its trusted configuration: entries from the command line
 * (`--url mcp@stdio:…`), the `--mcp-config` files and `{config_dir}/mcp.json`, in that order of precedence. Files are
 * read again when they change. A file every user may write, or another user's, is refused: whoever can edit it chooses
 * what the workbench runs.
 */
import { readFileSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { createProcessBoard, parseMcpServersDocument, stdioAddress } from '@wirebench/protocol-mcp/config'
import type { ConfiguredMcpServer, McpProcessBoard, McpServerDirectory } from '@wirebench/protocol-mcp/config'
import type { McpConfigIssue, McpServerSummary, McpServersResponse } from '@wirebench/core'

export interface McpServersOptions {
  /** `{config_dir}/mcp.json`: read when it exists; absent, no default file is read (embedded without opting in). */
  defaultFile?: string
  /** `--mcp-config` files: each must exist. */
  files: readonly string[]
  /** Entries made on the command line (`--url mcp@stdio:<command line>`). */
  commandLine: readonly ConfiguredMcpServer[]
}

export interface McpServers extends McpServerDirectory {
  readonly board: McpProcessBoard
  summaries(): McpServersResponse
}

interface FileState {
  path: string
  isRequired: boolean
  /** When the file was last looked at (epoch ms): calls look up servers often, files change rarely. */
  checkedAt: number
  stamp: string
  servers: ConfiguredMcpServer[]
  issues: McpConfigIssue[]
}

/**
 * Why a file may not say what the workbench runs: anyone may write it, or it belongs to another user (root's files
 * are fine). Group-writable files are accepted: user-private groups (umask 002) make every checkout so.
 */
function untrusted(path: string, mode: number, owner: number): string | undefined {
  if ((mode & 0o002) !== 0) {
    return `Not used: every user may write this file, and it says which programs the workbench starts. Run chmod o-w ${path}.`
  }
  const self = process.getuid?.()
  if (self !== undefined && owner !== self && owner !== 0) {
    return 'Not used: the file belongs to another user, and it says which programs the workbench starts.'
  }
  return undefined
}

/** Files are looked at again at most this often. */
const recheckMs = 500

/** Reads one file when it changed since the last look (by modification time and size); true when it did. */
function refresh(state: FileState): boolean {
  const now = Date.now()
  if (now - state.checkedAt < recheckMs) return false
  state.checkedAt = now
  const info = statSync(state.path, { throwIfNoEntry: false })
  if (!info) {
    if (state.stamp === 'missing') return false
    state.stamp = 'missing'
    state.servers = []
    state.issues = state.isRequired
      ? [{ file: state.path, message: 'The file does not exist (given with --mcp-config).' }]
      : []
    return true
  }
  const stamp = `${info.mtimeMs}:${info.size}`
  if (stamp === state.stamp) return false
  state.stamp = stamp
  const refusal = untrusted(state.path, info.mode, info.uid)
  if (refusal) {
    state.servers = []
    state.issues = [{ file: state.path, message: refusal }]
    return true
  }
  let text: string
  try {
    text = readFileSync(state.path, 'utf8')
  } catch (error) {
    state.servers = []
    state.issues = [
      { file: state.path, message: `Cannot read it: ${error instanceof Error ? error.message : String(error)}.` },
    ]
    return true
  }
  const parsed = parseMcpServersDocument(text, {
    source: { kind: 'file', path: state.path },
    resolveCwd: (cwd) => resolve(dirname(state.path), cwd),
  })
  state.servers = parsed.servers
  state.issues = parsed.issues
  return true
}

export function createMcpServers(options: McpServersOptions): McpServers {
  const files: FileState[] = [
    ...options.files.map((path) => ({
      path: resolve(path),
      isRequired: true,
      checkedAt: 0,
      stamp: '',
      servers: [],
      issues: [],
    })),
    ...(options.defaultFile === undefined
      ? []
      : [{ path: options.defaultFile, isRequired: false, checkedAt: 0, stamp: '', servers: [], issues: [] }]),
  ]
  const board = createProcessBoard()

  let cached: { servers: ConfiguredMcpServer[]; issues: McpConfigIssue[] } | undefined
  // Every call to a stdio address or a configured URL looks servers up: the merged view is rebuilt only on a change.
  const current = (): { servers: ConfiguredMcpServer[]; issues: McpConfigIssue[] } => {
    let changed = cached === undefined
    for (const file of files) changed = refresh(file) || changed
    if (!changed && cached) return cached
    const byName = new Map<string, ConfiguredMcpServer>()
    const issues: McpConfigIssue[] = []
    const add = (server: ConfiguredMcpServer) => {
      const first = byName.get(server.name)
      if (!first) {
        byName.set(server.name, server)
        return
      }
      const where = first.source.kind === 'file' ? first.source.path : 'the command line'
      issues.push({
        file: server.source.kind === 'file' ? server.source.path : 'command line',
        server: server.name,
        message: `"${server.name}" is defined again; the entry from ${where} is used.`,
      })
    }
    options.commandLine.forEach(add)
    for (const file of files) {
      file.servers.forEach(add)
      issues.push(...file.issues)
    }
    cached = { servers: [...byName.values()], issues }
    return cached
  }

  return {
    board,
    list: () => current().servers,
    get: (name) => current().servers.find((server) => server.name === name),
    forUrl(url) {
      const found = current().servers.find((server) => server.transport === 'http' && server.url === url)
      return found?.transport === 'http' ? found : undefined
    },
    issues: () => current().issues,
    summaries() {
      const { servers, issues } = current()
      return { servers: servers.map((server) => summarize(server, board)), issues }
    },
  }
}

/** What the UI may see of an entry: never the values of its environment variables or headers. */
function summarize(server: ConfiguredMcpServer, board: McpProcessBoard): McpServerSummary {
  const summary: McpServerSummary =
    server.transport === 'stdio'
      ? {
          name: server.name,
          url: stdioAddress(server.name),
          transport: 'stdio',
          command: server.command,
          args: [...server.args],
          envNames: Object.keys(server.env),
          source: server.source,
        }
      : {
          name: server.name,
          url: server.url,
          transport: 'http',
          headerNames: Object.keys(server.headers),
          source: server.source,
        }
  if (server.transport === 'stdio' && server.cwd !== undefined) summary.cwd = server.cwd
  if (server.roots) summary.roots = server.roots.map((root) => ({ ...root }))
  const process = server.transport === 'stdio' ? board.status(server.name) : undefined
  if (process) summary.process = process
  return summary
}
