/**
 * `{configDir}/ai-config.json` with the `--ai-*` overlay on top: read and validated once at start (an unusable file is
 * moved aside to `ai-config.corrupt-<time>.json` and reported, the defaults apply), written atomically (0600 in a 0700
 * dir, never through a symlink) one save at a time. The overlay lives in memory only.
 */
import { join } from 'node:path'
import { WorkbenchError } from '@wirebench/core'
import {
  createSerialQueue,
  ensurePrivateDir,
  isNotFound,
  isSymlinkRefusal,
  moveAside,
  readRegularFile,
  removeOrphanedTemps,
  tightenPrivateFile,
  writeFileAtomic,
} from '@wirebench/workspace'
import { AI_CONFIG_FILE, parseAiConfigFile, serializeAiConfig } from './config-file.js'
import { checkEndpoint, defaultAiOptions, parseProvider } from './options.js'
import type { AiOptions, AiOverlay } from './options.js'

const tempPrefix = '.ai-config-'
const maxFileBytes = 1024 * 1024

export interface AiConfigStore {
  readonly path: string
  /** What the file holds (or the defaults), without the overlay. */
  stored(): AiOptions
  /** The file's options with the command line's on top: what calls use. */
  effective(): AiOptions
  overlay(): Readonly<AiOverlay>
  issues(): string[]
  save(options: AiOptions): Promise<void>
}

/** Checks the overlay once at start: a bad flag stops the start with a message naming it. */
function normalizeOverlay(overlay: AiOverlay): AiOverlay {
  const out: AiOverlay = {}
  if (overlay.provider !== undefined) out.provider = parseProvider(overlay.provider)
  if (overlay.endpoint !== undefined) out.endpoint = overlay.endpoint.trim()
  if (overlay.model !== undefined) out.model = overlay.model.trim()
  if (overlay.apiKey !== undefined && overlay.apiKey !== '') out.apiKey = overlay.apiKey
  return out
}

async function readOptions(configDir: string, issues: string[]): Promise<AiOptions> {
  const path = join(configDir, AI_CONFIG_FILE)
  let bytes: Buffer
  try {
    await tightenPrivateFile(path)
    bytes = await readRegularFile(path, maxFileBytes)
  } catch (error) {
    if (isNotFound(error)) return { ...defaultAiOptions }
    if (isSymlinkRefusal(error)) {
      issues.push(`${AI_CONFIG_FILE} is a symbolic link and is not read; remove the link and restart.`)
      return { ...defaultAiOptions }
    }
    if (!WorkbenchError.is(error, 'storage_corrupt')) throw error
    issues.push(error.message)
    return { ...defaultAiOptions }
  }
  try {
    let json: unknown
    try {
      json = JSON.parse(bytes.toString('utf8'))
    } catch {
      // Never JSON.parse's message: it quotes the file, which holds the key.
      throw new WorkbenchError('storage_corrupt', `${AI_CONFIG_FILE} is not valid JSON.`)
    }
    const options = parseAiConfigFile(json)
    checkEndpoint(options.provider, options.endpoint, { isTrusted: true })
    return options
  } catch (error) {
    const failure = WorkbenchError.from(error, 'storage_corrupt')
    const movedTo = await moveAside(configDir, AI_CONFIG_FILE, '.json')
    issues.push(`${failure.message} It was moved to ${movedTo}; the default AI options apply.`)
    return { ...defaultAiOptions }
  }
}

export async function openAiConfigStore(configDir: string, overlay: AiOverlay = {}): Promise<AiConfigStore> {
  const path = join(configDir, AI_CONFIG_FILE)
  const flags = normalizeOverlay(overlay)
  const issues: string[] = []
  await ensurePrivateDir(configDir, true)
  await removeOrphanedTemps({ dir: configDir, tempPrefix, staleMs: 60_000 })
  let stored = await readOptions(configDir, issues)
  const queue = createSerialQueue(16)

  function effective(): AiOptions {
    const provider = flags.provider !== undefined ? parseProvider(flags.provider) : stored.provider
    // A provider given on the command line without an endpoint means that provider's default, not the file's URL.
    const endpoint =
      flags.endpoint ?? (flags.provider !== undefined && provider !== stored.provider ? '' : stored.endpoint)
    return {
      provider,
      endpoint,
      model: flags.model ?? stored.model,
      apiKey: flags.apiKey ?? stored.apiKey,
      autoDetectLocal: stored.autoDetectLocal,
    }
  }
  // Checked once at start: a bad --ai-endpoint stops the start rather than failing every chat.
  if (flags.endpoint !== undefined) checkEndpoint(effective().provider, flags.endpoint, { isTrusted: true })

  return {
    path,
    stored: () => ({ ...stored }),
    effective,
    overlay: () => ({ ...flags }),
    issues: () => [...issues],
    save: (options) =>
      queue.run(async () => {
        await ensurePrivateDir(configDir, true)
        await writeFileAtomic({ dir: configDir, name: AI_CONFIG_FILE, content: serializeAiConfig(options), tempPrefix })
        stored = { ...options }
      }),
  }
}
