/** Creating and redacting environments: new ids, and `***` in place of every secret auth field for exports. */
import type { AuthConfig, Environment, EnvironmentsDocument } from '../environment.js'
import { secretFieldsOf } from '../scheme/registry.js'

export const REDACTED = '***'

export function newEnvironment(name: string): Environment {
  return { id: globalThis.crypto.randomUUID(), name, vars: {}, auth: { type: 'none' } }
}

/** A copy with every non-empty secret field replaced by `***` (empty ones stay empty: nothing to hide). */
export function redactAuth<C extends AuthConfig>(auth: C): C {
  const copy: Record<string, unknown> = { ...auth }
  for (const key of secretFieldsOf(auth)) {
    if (typeof copy[key] === 'string' && copy[key] !== '') copy[key] = REDACTED
  }
  return copy as C
}

export function redactEnvironment(environment: Environment): Environment {
  return { ...environment, vars: { ...environment.vars }, auth: redactAuth(environment.auth) }
}

export function redactEnvironmentsDocument(document: EnvironmentsDocument): EnvironmentsDocument {
  return { ...document, environments: document.environments.map(redactEnvironment) }
}
