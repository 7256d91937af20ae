/** Substitutes `${var}` in every string field of an auth config (never in `type`), the same way for calls and previews. */
import { substituteDeep, type SubstitutionOptions, type SubstitutionResult } from '@wirebench/core'
import type { AuthConfig, Environment } from '../environment.js'

export interface VariableOptions {
  /** Lower-precedence scopes after the environment's `vars` (workspace variables). */
  scopes?: ReadonlyArray<Readonly<Record<string, string>>>
  resolve?: SubstitutionOptions['resolve']
  system?: SubstitutionOptions['system']
}

/** The substitution options for one call: the environment's vars first, then the given scopes; one clock reading. */
export function substitutionFor(environment: Environment | null, options: VariableOptions = {}): SubstitutionOptions {
  const clock = options.system?.clock ?? (() => Date.now())
  const nowMs = clock()
  // One reading for the whole call, so `${now}` agrees across metadata, body and JWT claims.
  const result: SubstitutionOptions = {
    scopes: [...(environment ? [environment.vars] : []), ...(options.scopes ?? [])],
    system: { ...options.system, clock: () => nowMs },
  }
  if (options.resolve) result.resolve = options.resolve
  return result
}

export function substituteAuthConfig<C extends AuthConfig>(
  config: C,
  options: SubstitutionOptions,
): SubstitutionResult<C> {
  const { type, ...fields } = config
  const { value, unknown } = substituteDeep(fields, options)
  return { value: { ...value, type } as unknown as C, unknown }
}
