/**
 * Variable references between the sources' syntaxes and ours: Postman's `{{name}}` and Insomnia's Nunjucks
 * `{{ _.name }}` become `${name}`; literal `${` in their text is escaped so it stays text (an imported collection must
 * never pull environment values into a request by accident); and back for export.
 */
import { escapeTemplate } from '@wirebench/core'

/** Postman's dynamic variables that have a system variable of ours. */
const dynamicVariables = new Map([
  ['$guid', 'uuid'],
  ['$randomUUID', 'uuid'],
  ['$timestamp', 'now'],
])

export interface TemplateReading {
  text: string
  /** Names the source used that have no counterpart here (`$randomEmail`…). */
  unmapped: string[]
}

/** `{{name}}` (and `{{ _.name }}`) to `${name}`. */
export function fromMustache(text: string): TemplateReading {
  const unmapped: string[] = []
  const converted = escapeTemplate(text).replace(/\{\{\s*(?:_\.)?([^{}\s]+)\s*\}\}/g, (whole, name: string) => {
    if (!name.startsWith('$')) return `\${${name}}`
    const system = dynamicVariables.get(name)
    if (system !== undefined) return `\${${system}}`
    unmapped.push(name)
    return whole
  })
  return { text: converted, unmapped }
}

/** `${name}` back to `{{name}}`; an escaped `$${` is a literal `${`. */
export function toMustache(text: string): string {
  return text.replace(/\$?\$\{([^{}]*)\}/g, (whole, name: string) =>
    whole.startsWith('$$') ? whole.slice(1) : `{{${name}}}`,
  )
}
