/**
 * The security an operation declares: its own `security`, else the document's, each requirement resolved against
 * `components.securitySchemes` (Swagger 2.0: `securityDefinitions`). Alternatives are shared between operations that
 * declare the same requirements, so a document securing every operation alike costs one set of objects.
 */
import type { SecurityAlternative, SecuritySchemeInfo } from '@wirebench/core'
import type { SpecVersion } from './parse-document.js'
import type { RefResolver } from './refs.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

/** Scheme descriptions are often pages of Markdown (DigitalOcean's); every secured operation repeats one. */
const maxDescription = 280

const apiKeyPlaces = new Set(['header', 'query', 'cookie'])

export class SecurityResolver {
  private readonly schemes: JsonObject
  private readonly alternatives = new Map<string, SecurityAlternative[] | undefined>()

  constructor(
    private readonly root: JsonObject,
    private readonly version: SpecVersion,
    private readonly refs: RefResolver,
  ) {
    const components = isObject(root['components']) ? root['components'] : {}
    const defined = version === '2.0' ? root['securityDefinitions'] : components['securitySchemes']
    this.schemes = isObject(defined) ? defined : {}
  }

  /** Undefined when neither the operation nor the document says anything (or nothing it says can be resolved). */
  of(operation: JsonObject): SecurityAlternative[] | undefined {
    const requirements = Array.isArray(operation['security']) ? operation['security'] : this.root['security']
    if (!Array.isArray(requirements)) return undefined
    const key = JSON.stringify(requirements)
    if (this.alternatives.has(key)) return this.alternatives.get(key)
    const resolved = this.resolve(requirements)
    this.alternatives.set(key, resolved)
    return resolved
  }

  private resolve(requirements: unknown[]): SecurityAlternative[] | undefined {
    const alternatives: SecurityAlternative[] = []
    for (const requirement of requirements) {
      if (!isObject(requirement)) continue
      const schemes = Object.entries(requirement).map(([name, scopes]) => this.scheme(name, scopes))
      // An alternative naming a scheme the document does not define cannot be told apart from "optional" once the
      // scheme is left out, so it is left out whole.
      if (schemes.every((s) => s !== undefined)) alternatives.push({ schemes })
    }
    return requirements.length > 0 && alternatives.length === 0 ? undefined : alternatives
  }

  private scheme(name: string, scopes: unknown): SecuritySchemeInfo | undefined {
    const raw = this.refs.deref(this.schemes[name]).value
    if (!isObject(raw)) return undefined
    const info = this.version === '2.0' ? swaggerScheme(name, raw) : openApiScheme(name, raw)
    if (info === undefined) return undefined
    const listed = Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : []
    if (listed.length > 0) info.scopes = listed
    const description = typeof raw['description'] === 'string' ? shorten(raw['description']) : ''
    if (description !== '') info.description = description
    return info
  }
}

function openApiScheme(name: string, raw: JsonObject): SecuritySchemeInfo | undefined {
  switch (raw['type']) {
    case 'http': {
      const info: SecuritySchemeInfo = { name, type: 'http' }
      if (typeof raw['scheme'] === 'string') info.scheme = raw['scheme'].toLowerCase()
      return info
    }
    case 'apiKey':
      return apiKey(name, raw)
    case 'oauth2':
    case 'openIdConnect':
    case 'mutualTLS':
      return { name, type: raw['type'] }
    default:
      return undefined
  }
}

function swaggerScheme(name: string, raw: JsonObject): SecuritySchemeInfo | undefined {
  switch (raw['type']) {
    case 'basic':
      return { name, type: 'http', scheme: 'basic' }
    case 'apiKey':
      return apiKey(name, raw)
    case 'oauth2':
      return { name, type: 'oauth2' }
    default:
      return undefined
  }
}

function apiKey(name: string, raw: JsonObject): SecuritySchemeInfo {
  const info: SecuritySchemeInfo = { name, type: 'apiKey' }
  const place = raw['in']
  if (typeof place === 'string' && apiKeyPlaces.has(place)) info.in = place as 'header' | 'query' | 'cookie'
  if (typeof raw['name'] === 'string') info.paramName = raw['name']
  return info
}

/** The first paragraph that is not a Markdown heading, on one line, cut at a word near `maxDescription` characters. */
function shorten(text: string): string {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim().replace(/\s+/g, ' '))
  const paragraph = paragraphs.find((p) => p !== '' && !p.startsWith('#')) ?? ''
  if (paragraph.length <= maxDescription) return paragraph
  const cut = paragraph.slice(0, maxDescription)
  const space = cut.lastIndexOf(' ')
  return `${(space > maxDescription / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}
