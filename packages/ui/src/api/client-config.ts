/** Reads the configuration the server injects into index.html, with a fallback for `vite dev` and bare static hosting. */
import type { ClientConfig, EmbeddedHostInfo } from '@wirebench/core'

const CONFIG_ELEMENT_ID = 'wirebench-config'

/** The prefix the page is served under, guessed from its own path (`/workbench/` → `/workbench`). */
function prefixFromLocation(): string {
  const path = window.location.pathname.replace(/\/index\.html$/, '')
  return path.endsWith('/') ? path.slice(0, -1) : path
}

function defaultConfig(): ClientConfig {
  return {
    prefix: prefixFromLocation(),
    lockedUrls: null,
    mode: 'standalone',
    version: 'dev',
    tokenRequired: false,
    demo: false,
    demoUrls: [],
  }
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

/** Merges what the page carries over the defaults, ignoring members of the wrong type. */
function parseConfig(raw: unknown): ClientConfig {
  const config = defaultConfig()
  if (typeof raw !== 'object' || raw === null) return config
  const input = raw as Record<string, unknown>
  if (typeof input.prefix === 'string') config.prefix = input.prefix.replace(/\/+$/, '')
  if (input.lockedUrls === null || isStringArray(input.lockedUrls)) config.lockedUrls = input.lockedUrls
  if (input.mode === 'standalone' || input.mode === 'embedded') config.mode = input.mode
  if (typeof input.version === 'string') config.version = input.version
  if (typeof input.tokenRequired === 'boolean') config.tokenRequired = input.tokenRequired
  if (typeof input.demo === 'boolean') config.demo = input.demo
  if (isStringArray(input.demoUrls)) config.demoUrls = input.demoUrls
  if (input.anyScheme === true) config.anyScheme = true
  const workspace = input.workspace as { id?: unknown; urls?: unknown } | undefined
  if (typeof workspace?.id === 'string' && isStringArray(workspace.urls)) {
    config.workspace = { id: workspace.id, urls: workspace.urls }
  }
  const embedded = embeddedOf(input.embedded)
  if (embedded) {
    config.embedded = embedded
    // The host's own origin is the page's: its routes are discovered from its route table, so the list starts with it.
    const origin = window.location.origin
    if (!config.demoUrls.includes(origin)) config.demoUrls = [origin, ...config.demoUrls]
  }
  // An empty locked list means "nothing given", not "lock an empty list".
  if (config.lockedUrls?.length === 0) config.lockedUrls = null
  return config
}

function embeddedOf(raw: unknown): EmbeddedHostInfo | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const input = raw as Record<string, unknown>
  if (typeof input.framework !== 'string' || typeof input.name !== 'string' || typeof input.routeCount !== 'number') {
    return undefined
  }
  const info: EmbeddedHostInfo = { framework: input.framework, name: input.name, routeCount: input.routeCount }
  if (typeof input.notice === 'string') info.notice = input.notice
  return info
}

export function readClientConfig(doc: Document = document): ClientConfig {
  const element = doc.getElementById(CONFIG_ELEMENT_ID)
  if (!element?.textContent) return defaultConfig()
  try {
    return parseConfig(JSON.parse(element.textContent))
  } catch {
    return defaultConfig()
  }
}
