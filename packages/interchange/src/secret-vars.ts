/**
 * Credentials found in an import become `${name}` references and their values go back to the caller apart from the
 * requests, so a workspace folder (committed to git) never holds a secret. One value keeps one name across a whole
 * import; two values that would share a name get `_2`, `_3`…
 */
import { escapeTemplate } from '@wirebench/core'

export interface SecretVars {
  /** The reference to put where `value` was; a value that is already one whole reference is kept as it is. */
  reference(suggestedName: string, value: string): string
  values(): Record<string, string>
}

const wholeReference = /^\$\{[^${}]+\}$/

export function createSecretVars(taken: ReadonlySet<string> = new Set()): SecretVars {
  const byValue = new Map<string, string>()
  const values: Record<string, string> = {}
  return {
    reference(suggestedName, value) {
      if (wholeReference.test(value)) return value
      const known = byValue.get(value)
      if (known !== undefined) return `\${${known}}`
      const base = suggestedName.replace(/[^A-Za-z0-9_]+/g, '_') || 'secret'
      let name = base
      for (let n = 2; name in values || taken.has(name); n++) name = `${base}_${n}`
      byValue.set(value, name)
      values[name] = value
      return `\${${name}}`
    },
    values: () => ({ ...values }),
  }
}

/** Literal text from a source that has no variables of its own (curl, HAR): a `${` in it must stay text. */
export function literal(text: string): string {
  return escapeTemplate(text)
}

/** Whether `text` holds a `${name}` reference (an unescaped one). */
export function hasReference(text: string): boolean {
  return /(^|[^$])\$\{[^{}]+\}/.test(text)
}
