/** Which variables to mask and which `${name}` references point at nothing, for the variables editor and the auth panel. */
import type { AuthConfig } from '@wirebench/auth'
import { referencedVariables } from '@wirebench/core'

const systemNames = new Set(['now', 'nowMs', 'timestamp', 'uuid', 'random'])

/** `${now}`, `${now+60}`, `${uuid}`…: resolved at send time, never defined by the user. */
export function isSystemVariable(name: string): boolean {
  return systemNames.has(name) || /^now[+-]\d+$/.test(name)
}

/** `${response.path}` reads the previous response (request chaining) and only resolves when a call is made. */
function isChainingReference(name: string): boolean {
  return name === 'response' || name.startsWith('response.')
}

/** Names a template references that are neither defined in `vars` nor system or chaining variables. */
export function unknownReferences(template: string, vars: Readonly<Record<string, string>>): string[] {
  return referencedVariables(template).filter(
    (name) => !Object.hasOwn(vars, name) && !isSystemVariable(name) && !isChainingReference(name),
  )
}

/** Every string field of an auth config, as `[key, value]`. */
export function authStringFields(auth: AuthConfig): Array<[string, string]> {
  return Object.entries(auth).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'type',
  )
}

/** Unknown references across every auth field, each name once. */
export function unknownAuthReferences(auth: AuthConfig, vars: Readonly<Record<string, string>>): string[] {
  return [...new Set(authStringFields(auth).flatMap(([, value]) => unknownReferences(value, vars)))]
}

const secretLikeName = /secret|token|passw(or)?d|pwd|api[-_]?key|passphrase|private|credential/i

/**
 * Variables shown masked without being asked: those a secret auth field references (the auth config says they
 * hold a secret) and those whose name says so.
 */
export function autoSecretVariables(
  auth: AuthConfig,
  secretKeys: readonly string[],
  vars: Readonly<Record<string, string>>,
): Set<string> {
  const names = new Set<string>()
  const record = auth as unknown as Record<string, unknown>
  for (const key of secretKeys) {
    const value = record[key]
    if (typeof value === 'string') for (const name of referencedVariables(value)) names.add(name)
  }
  for (const name of Object.keys(vars)) if (secretLikeName.test(name)) names.add(name)
  return names
}
