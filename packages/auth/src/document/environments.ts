/**
 * Creating and redacting environments: new ids, and `***` in place of every secret for exports. Redaction is
 * deliberately blunt for variables: SPEC.md says they may hold secrets and nothing marks which do, so every non-empty
 * value becomes `***` (names stay, so whoever imports the file sees what to fill in). Memory-only fields (the mTLS
 * passphrase) are dropped.
 */
import type { AuthConfig, Environment, EnvironmentsDocument } from '../environment.js'
import { secretFieldsOf, stripMemoryOnlyAuth } from '../scheme/registry.js'
import { DEFAULT_TRUST, emptyHosts } from './migrate.js'

export const REDACTED = '***'

export function newEnvironment(name: string): Environment {
  return {
    id: globalThis.crypto.randomUUID(),
    name,
    vars: {},
    auth: { type: 'none' },
    trust: { ...DEFAULT_TRUST },
    hosts: emptyHosts(),
  }
}

/**
 * A copy of the document with every memory-only auth field removed. Call it on whatever goes to the server (PUT
 * `/api/environments`), so a value the UI keeps in memory can never be stored even if it slipped into the config.
 */
export function stripMemoryOnlyFields(document: EnvironmentsDocument): EnvironmentsDocument {
  return {
    ...document,
    environments: document.environments.map((environment) => ({
      ...environment,
      auth: stripMemoryOnlyAuth(environment.auth),
    })),
  }
}

/** A copy with every non-empty secret field replaced by `***` (empty ones stay empty: nothing to hide). */
export function redactAuth<C extends AuthConfig>(auth: C): C {
  const copy = stripMemoryOnlyAuth(auth) as unknown as Record<string, unknown>
  for (const key of secretFieldsOf(auth)) {
    if (typeof copy[key] === 'string' && copy[key] !== '') copy[key] = REDACTED
  }
  return copy as C
}

/** Every non-empty variable value replaced by `***`; names and empty values kept. */
export function redactVars(vars: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, value === '' ? '' : REDACTED]))
}

export function redactEnvironment(environment: Environment): Environment {
  return { ...environment, vars: redactVars(environment.vars), auth: redactAuth(environment.auth) }
}

export function redactEnvironmentsDocument(document: EnvironmentsDocument): EnvironmentsDocument {
  return { ...document, environments: document.environments.map(redactEnvironment) }
}
