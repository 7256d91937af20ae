/** Discovery of the `--url` entries through the server's fan-out, failing with exit 3 when nothing answered. */
import type { DiscoverResponse, DiscoveryAttempt } from '@wirebench/core'
import { exitCodes } from '../exit-codes.js'
import { CliFailure } from '../failure.js'
import type { CliEngine } from './cli-engine.js'

export interface DiscoverOptions {
  urls: readonly string[]
  /** `--protocol`: pins every entry that names no plugin of its own. */
  protocol?: string
  metadata?: Record<string, string>
  /** `--timeout`: each plugin's time box at each address, instead of the server's default. */
  timeoutMs?: number
  /** Where the lines for stderr go: an address that found nothing while others did, and with `-v` every attempt. */
  say?: (line: string) => void
  isVerbose?: boolean
  /** The plugins' words in the command line's (`cliWording`). */
  word?: (text: string) => string
}

/** The entries as the fan-out takes them: `--protocol` pins the unpinned ones. */
export function pinnedEntries(urls: readonly string[], protocol: string | undefined): string[] {
  return urls.map((url) =>
    protocol === undefined || /^[a-z][a-z0-9_-]*@/i.test(url.trim()) ? url : `${protocol}@${url}`,
  )
}

/** One line per attempt that found nothing: `url (plugin): message`. */
export function describeFailedAttempts(attempts: readonly DiscoveryAttempt[]): string[] {
  return attempts
    .filter((a) => a.outcome !== 'ok')
    .map((a) => `${a.url} (${a.pluginId}, ${a.outcome}): ${a.message ?? 'no services'}${a.hint ? ` ${a.hint}` : ''}`)
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim()

/** `rest, grpc: Cannot reach …; mcp: …`: the attempts' reasons, plugins with the same one named together. */
function groupedReasons(attempts: readonly DiscoveryAttempt[]): string {
  const reasons = new Map<string, string[]>()
  for (const attempt of attempts) {
    // Without its closing period: the reasons are joined into one sentence.
    const reason = oneLine(attempt.message ?? 'no services').replace(/\.$/, '')
    reasons.set(reason, [...(reasons.get(reason) ?? []), attempt.pluginId])
  }
  return [...reasons].map(([reason, plugins]) => `${plugins.join(', ')}: ${reason}`).join('; ')
}

/**
 * One line per address where no plugin found anything while other addresses answered (the command goes on without
 * it): the address, what each plugin ran into (plugins with the same reason named together), and what to do.
 */
export function describeFailedAddresses(attempts: readonly DiscoveryAttempt[]): string[] {
  const byUrl = new Map<string, DiscoveryAttempt[]>()
  for (const attempt of attempts) byUrl.set(attempt.url, [...(byUrl.get(attempt.url) ?? []), attempt])
  return [...byUrl]
    .filter(([, tried]) => tried.every((a) => a.outcome !== 'ok' && a.outcome !== 'partial'))
    .map(([url, tried]) => {
      const failed = tried.filter((a) => a.outcome === 'error' || a.outcome === 'timeout')
      const what =
        failed.length > 0
          ? groupedReasons(failed)
          : `none of ${tried.map((a) => a.pluginId).join(', ')} found services there`
      const hint =
        tried.find((a) => a.hint !== undefined)?.hint ??
        `Check the address, or pin the protocol it speaks (grpc@${url} or --protocol grpc).`
      return `${url} was left out, nothing was discovered there (${what}). ${oneLine(hint)} -v shows every attempt.`
    })
}

export async function discoverTargets(engine: CliEngine, options: DiscoverOptions): Promise<DiscoverResponse> {
  if (options.protocol !== undefined && !engine.registry.get(options.protocol)) {
    const ids = engine.registry.list().map((p) => p.id)
    throw CliFailure.usage(`--protocol ${options.protocol}: no such protocol plugin.`, `Installed: ${ids.join(', ')}.`)
  }
  const response = await engine.discovery.discover({
    urls: pinnedEntries(options.urls, options.protocol),
    logger: engine.logger,
    ...(options.metadata ? { metadata: options.metadata } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  })
  const word = options.word ?? ((text: string) => text)
  if (options.isVerbose)
    for (const line of describeFailedAttempts(response.attempts)) options.say?.(`* ${word(line)}\n`)
  const refused = response.attempts.find((a) => a.code === 'no_plugin')
  if (refused) throw CliFailure.usage(`--url ${refused.url}: ${refused.message ?? ''}`, refused.hint)
  if (response.services.length === 0) {
    const reasons = response.attempts.filter((a) => a.outcome === 'error' || a.outcome === 'timeout')
    const shown = reasons.length > 0 ? reasons : response.attempts
    // Every plugin's own hint, named: which one applies depends on what the address is (a hub, an MCP server, REST).
    const hints = new Map<string, string>()
    for (const attempt of response.attempts) {
      if (attempt.hint && !hints.has(attempt.hint)) hints.set(attempt.hint, `${attempt.pluginId}: ${attempt.hint}`)
    }
    const hint = hints.size > 0 ? [...hints.values()].join('\n  ') : undefined
    // Every plugin ran out of time: that is a timeout (exit 4), not a refusal.
    const isTimeout = reasons.length > 0 && reasons.every((a) => a.outcome === 'timeout')
    throw new CliFailure(
      isTimeout ? exitCodes.timeout : exitCodes.unreachable,
      `No services found at ${options.urls.join(', ')}. ${groupedReasons(shown)}.`,
      hint ?? 'Check the address; pin a protocol (grpc@http://host:port or --protocol grpc) to see only its answer.',
    )
  }
  for (const line of describeFailedAddresses(response.attempts)) options.say?.(`wirebench: ${word(line)}\n`)
  return response
}
