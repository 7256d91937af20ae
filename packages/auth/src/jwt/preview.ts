/** The Sign preview: signs the environment's JWT config without sending anything and reports the exact error. */
import { WorkbenchError } from '@wirebench/core'
import type { Environment, JwtAuth } from '../environment.js'
import { substituteAuthConfig, substitutionFor, type VariableOptions } from '../pipeline/substitute-auth.js'
import { signJwt } from './sign.js'

export type JwtPreview =
  | { token: string; header: Record<string, unknown>; payload: Record<string, unknown>; unresolved: string[] }
  | { error: string; hint?: string; details?: Record<string, unknown>; unresolved: string[] }

export interface PreviewJwtOptions extends VariableOptions {
  config: JwtAuth
  /** Supplies `vars`; null previews with system variables only. */
  environment: Environment | null
}

export async function previewJwt(options: PreviewJwtOptions): Promise<JwtPreview> {
  const { value, unknown } = substituteAuthConfig(options.config, substitutionFor(options.environment, options))
  try {
    const signed = await signJwt(value)
    return { ...signed, unresolved: unknown }
  } catch (error) {
    const failure = WorkbenchError.from(error)
    return {
      error: failure.message,
      ...(failure.hint ? { hint: failure.hint } : {}),
      ...(failure.details ? { details: failure.details } : {}),
      unresolved: unknown,
    }
  }
}
