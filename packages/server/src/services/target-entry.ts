/** Parses discovery entries: a plain URL, `protocol@url` pinning one plugin, or an address typed without a scheme. */
import {
  MCP_STDIO_SCHEME,
  WorkbenchError,
  defaultOutboundSchemes,
  readTargetText,
  targetTextProblem,
} from '@wirebench/core'

export interface TargetEntry {
  /** The entry as the user wrote it (trimmed); attempts report it so the UI can match its URL list. */
  entry: string
  /** The URL handed to the plugins (`http://` added when the entry had no scheme). */
  url: string
  /** The pinned plugin id, when the entry had a `protocol@` prefix naming a registered plugin. */
  pinned?: string
  /**
   * Why the entry cannot be discovered at all (a pin naming no installed plugin, an entry that is no address); no
   * plugin tries it.
   */
  problem?: WorkbenchError
}

/** What parsing needs to know about the plugins: which ids are installed. */
export interface InstalledPlugins {
  has(id: string): boolean
  ids(): readonly string[]
}

/** The refusal of a pin that names no installed plugin, listing the ones that are. */
export function unknownPluginError(id: string, address: string, installed: readonly string[]): WorkbenchError {
  return new WorkbenchError('no_plugin', `No protocol plugin "${id}" is installed, so "${id}@" cannot pin one.`, {
    hint: `Installed plugins: ${installed.join(', ') || 'none'}. Pin one of them (e.g. ${installed[0] ?? 'rest'}@${address}), or write the URL alone to let every plugin try it.`,
  })
}

/** `mcp@stdio:<command line>` is how the command line adds a stdio server; a request may never start one. */
function stdioCommandRefused(entry: string): WorkbenchError | undefined {
  if (!/^mcp@stdio:/i.test(entry)) return undefined
  return new WorkbenchError('forbidden', 'A stdio MCP server cannot be started from a request: nothing was run.', {
    hint: 'Add it to {config_dir}/mcp.json (or start the workbench with --url mcp@stdio:<command line> or --mcp-config <file>), then use its address, mcp+stdio://<name>.',
  })
}

/**
 * `schemes` are those the outbound policy allows (`'any'` when a plugin reads any scheme). `rest@http://host/doc.json` pins `rest`; `mcp@http://host/` with no `mcp` plugin is refused with the installed ids;
 * `localhost:8080/doc.json` is read as `http://localhost:8080/doc.json`; `http://user@host/` stays a plain URL.
 */
export function parseTargetEntry(
  raw: string,
  plugins: InstalledPlugins,
  schemes: readonly string[] | 'any' = defaultOutboundSchemes,
): TargetEntry {
  const refused = stdioCommandRefused(raw.trim())
  if (refused) return { entry: raw.trim(), url: raw.trim(), problem: refused }
  const text = readTargetText(raw)
  // Only MCP speaks mcp+stdio://: the address names its plugin as a pin would.
  if (text.pin === undefined && text.address.toLowerCase().startsWith(`${MCP_STDIO_SCHEME}//`) && plugins.has('mcp')) {
    return { entry: text.entry, url: text.address, pinned: 'mcp' }
  }
  // `http://`, `rest@`, `ftp://x/y`: one answer saying what is wrong, not the same failure from every plugin.
  const malformed = targetTextProblem(text, schemes)
  if (malformed !== undefined) {
    return { entry: text.entry, url: text.address, problem: new WorkbenchError('invalid_request', malformed) }
  }
  if (text.pin === undefined) return { entry: text.entry, url: text.address }
  if (!plugins.has(text.pin)) {
    return {
      entry: text.entry,
      url: text.address,
      problem: unknownPluginError(text.pin, text.address, plugins.ids()),
    }
  }
  return { entry: text.entry, url: text.address, pinned: text.pin }
}

/** Drops repeated entries, keeping the first occurrence and the caller's order. */
export function uniqueEntries(entries: readonly TargetEntry[]): TargetEntry[] {
  const seen = new Set<string>()
  return entries.filter((e) => {
    const key = `${e.pinned ?? '*'}\u0000${e.url}\u0000${e.problem ? e.entry : ''}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
