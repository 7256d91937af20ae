/** The `${…}` variable engine: system variables first, then user scopes in order; `$${` escapes; unknown names stay visible. */
import { defaultSystemSources, resolveSystemVariable, type SystemSources } from './system.js'

export interface SubstitutionOptions {
  /** User variable scopes, highest precedence first (active environment, then workspace). */
  scopes?: ReadonlyArray<Readonly<Record<string, string>>>
  /** Extra resolver consulted after the scopes (request chaining: `${response.items.0.id}`). */
  resolve?: (name: string) => string | undefined
  /** Overrides for the clock and random sources (tests, previews). */
  system?: Partial<SystemSources>
}

export interface SubstitutionResult<T> {
  value: T
  /** Names referenced but not defined anywhere; they are left in the output as `${name}`. */
  unknown: string[]
}

interface Resolver {
  lookup(name: string): string | undefined
}

function createResolver(options: SubstitutionOptions): Resolver {
  const sources: SystemSources = { ...defaultSystemSources, ...options.system }
  // One clock reading per substitution so `${now}` and `${now+3600}` agree within one request.
  const nowMs = sources.clock()
  const scopes = options.scopes ?? []
  return {
    lookup(name) {
      const system = resolveSystemVariable(name, nowMs, sources)
      if (system !== undefined) return system
      for (const scope of scopes) {
        if (Object.prototype.hasOwnProperty.call(scope, name)) return scope[name]
      }
      return options.resolve?.(name)
    },
  }
}

function substituteWith(template: string, resolver: Resolver, unknown: Set<string>): string {
  if (!template.includes('${')) return template
  let out = ''
  let i = 0
  while (i < template.length) {
    const dollar = template.indexOf('$', i)
    if (dollar === -1) {
      out += template.slice(i)
      break
    }
    out += template.slice(i, dollar)
    if (template.startsWith('$${', dollar)) {
      // Escape: `$${x}` is the literal text `${x}`.
      out += '${'
      i = dollar + 3
      continue
    }
    if (!template.startsWith('${', dollar)) {
      out += '$'
      i = dollar + 1
      continue
    }
    const close = template.indexOf('}', dollar + 2)
    if (close === -1) {
      out += template.slice(dollar)
      break
    }
    const raw = template.slice(dollar + 2, close)
    const name = raw.trim()
    const value = name === '' ? undefined : resolver.lookup(name)
    if (value === undefined) {
      if (name !== '') unknown.add(name)
      out += template.slice(dollar, close + 1)
    } else {
      out += value
    }
    i = close + 1
  }
  return out
}

/** Substitutes every `${name}` in one string. */
export function substitute(template: string, options: SubstitutionOptions = {}): SubstitutionResult<string> {
  const unknown = new Set<string>()
  const value = substituteWith(template, createResolver(options), unknown)
  return { value, unknown: [...unknown] }
}

/** Substitutes every string inside a JSON value (object keys are left as written). Returns a new value. */
export function substituteDeep<T>(input: T, options: SubstitutionOptions = {}): SubstitutionResult<T> {
  const unknown = new Set<string>()
  const resolver = createResolver(options)
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return substituteWith(value, resolver, unknown)
    if (Array.isArray(value)) return value.map(walk)
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {}
      for (const [key, child] of Object.entries(value)) {
        // Every key is user data and is kept. `__proto__` is defined as an own property: assigning it would swap the
        // copy's prototype instead (prototype pollution); `constructor` and `prototype` are plain own keys here.
        if (key === '__proto__') {
          Object.defineProperty(out, key, { value: walk(child), enumerable: true, writable: true, configurable: true })
        } else out[key] = walk(child)
      }
      return out
    }
    return value
  }
  return { value: walk(input) as T, unknown: [...unknown] }
}

/**
 * Makes text literal for the engine: every `${` becomes `$${`, so substituting the result gives `text` back unchanged.
 * Values that come from a document (examples, defaults, default operations) go through this before they reach a
 * draft: a spec must never be able to pull an environment's variables into a call.
 */
export function escapeTemplate(text: string): string {
  // A replacer function: in a replacement string `$$` would itself mean one `$`.
  return text.replaceAll('${', () => '$${')
}

/** `escapeTemplate` on every string inside a JSON value (object keys are never substituted, so they stay). */
export function escapeTemplatesDeep<T>(input: T): T {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return escapeTemplate(value)
    if (Array.isArray(value)) return value.map(walk)
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {}
      for (const [key, child] of Object.entries(value)) {
        // Own property even for `__proto__`: assigning it would swap the copy's prototype.
        Object.defineProperty(out, key, { value: walk(child), enumerable: true, writable: true, configurable: true })
      }
      return out
    }
    return value
  }
  return walk(input) as T
}

/** Lists the variable names a template references (escapes excluded). */
export function referencedVariables(template: string): string[] {
  const names = new Set<string>()
  const pattern = /\$?\$\{([^}]*)\}/g
  for (const match of template.matchAll(pattern)) {
    if (match[0].startsWith('$$')) continue
    const name = (match[1] ?? '').trim()
    if (name) names.add(name)
  }
  return [...names]
}
