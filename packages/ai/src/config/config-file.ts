/**
 * The on-disk shape of `{configDir}/ai-config.json` (DESIGN.md §7): versioned JSON, validated field by field on load.
 * Version 1 is the first; a later version adds its migration here.
 */
import { WorkbenchError } from '@wirebench/core'
import { defaultAiOptions, parseProvider } from './options.js'
import type { AiOptions } from './options.js'

export const AI_CONFIG_FILE = 'ai-config.json'
export const AI_CONFIG_VERSION = 1

interface AiConfigFileV1 {
  version: 1
  provider: string
  endpoint: string
  model: string
  apiKey: string | null
  autoDetectLocal: boolean
}

function fail(message: string): never {
  throw new WorkbenchError('storage_corrupt', `${AI_CONFIG_FILE} ${message}`)
}

function optionalString(record: Record<string, unknown>, key: string, fallback: string): string {
  const value = record[key]
  if (value === undefined) return fallback
  if (typeof value !== 'string') fail(`has a "${key}" that is not a string.`)
  return value
}

/** Validates a parsed file; never quotes values (the key is among them). Throws `storage_corrupt`. */
export function parseAiConfigFile(json: unknown): AiOptions {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('is not a JSON object.')
  const record = json as Record<string, unknown>
  if (record.version !== AI_CONFIG_VERSION) {
    fail(`has version ${JSON.stringify(record.version ?? null)}; this workbench reads version ${AI_CONFIG_VERSION}.`)
  }
  const known = new Set(['version', 'provider', 'endpoint', 'model', 'apiKey', 'autoDetectLocal'])
  const unknown = Object.keys(record).find((key) => !known.has(key))
  if (unknown !== undefined) fail(`has an unknown field "${unknown.slice(0, 64)}".`)
  let provider
  try {
    provider = parseProvider(optionalString(record, 'provider', defaultAiOptions.provider))
  } catch {
    fail('names an unknown provider.')
  }
  const apiKey = record.apiKey
  if (apiKey !== undefined && apiKey !== null && typeof apiKey !== 'string')
    fail('has an "apiKey" that is not a string.')
  const autoDetectLocal = record.autoDetectLocal
  if (autoDetectLocal !== undefined && typeof autoDetectLocal !== 'boolean') {
    fail('has an "autoDetectLocal" that is not true or false.')
  }
  return {
    provider,
    endpoint: optionalString(record, 'endpoint', ''),
    model: optionalString(record, 'model', ''),
    apiKey: typeof apiKey === 'string' && apiKey !== '' ? apiKey : null,
    autoDetectLocal: autoDetectLocal ?? defaultAiOptions.autoDetectLocal,
  }
}

/** Stable key order, two-space indent: the file is meant to be read and edited by hand. */
export function serializeAiConfig(options: AiOptions): string {
  const file: AiConfigFileV1 = { version: AI_CONFIG_VERSION, ...options }
  return `${JSON.stringify(file, null, 2)}\n`
}
