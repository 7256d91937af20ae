/**
 * A saved request's or folder's auth as the dialog edits it, and the rule that keeps secrets out of workspace files:
 * a secret field holds `${var}` references only (the value stays in the environment).
 */
import {
  authSchemes,
  defaultAuthConfig,
  schemeFor,
  type AuthField,
  type AuthScheme,
  type AuthType,
} from '@wirebench/auth'
import type { SavedAuth } from '@wirebench/core'

const ONLY_REFERENCES = /^(\s*\$\{[A-Za-z_][\w.-]*\}\s*)*$/

/** The scheme's fields a saved auth stores (read-only and memory-only ones never land in a file). */
export function storedFields(type: string): AuthField[] {
  if (!authSchemes.some((s) => s.type === type)) return []
  const scheme = schemeFor(type as AuthType) as unknown as AuthScheme
  return scheme.fields.filter((f) => !f.readOnly && !f.memoryOnly)
}

export function defaultOwnAuth(type: AuthType): SavedAuth {
  return { mode: 'own', config: { ...(defaultAuthConfig(type) as unknown as Record<string, unknown>), type } }
}

/** Why the auth cannot be saved: a secret field holding something other than `${var}` references. */
export function savedAuthProblem(auth: SavedAuth): string | undefined {
  if (auth.mode !== 'own') return undefined
  const config = auth.config as Record<string, unknown>
  for (const field of storedFields(auth.config.type)) {
    const value = config[field.key]
    if (field.secret && typeof value === 'string' && value && !ONLY_REFERENCES.test(value)) {
      return `${field.label} holds a secret: write a \${variable} reference and keep its value in an environment, so it never lands in the workspace files.`
    }
  }
  return undefined
}
