/**
 * A saved request's auth laid over the call's environment: `inherit` keeps the environment's, `none` sends without
 * it (its variables and trust settings stay), `own` replaces it with the request's scheme, whose `${var}`s the
 * environment, --env-file and --var fill. The scheme is checked by the same parser as environments.json.
 */
import type { Environment } from '@wirebench/auth'
import type { SavedAuth } from '@wirebench/core'
import { CliFailure } from '../failure.js'
import type { CallEnvironment } from './environment-flags.js'

async function checkedAuth(config: Record<string, unknown>, base: Environment): Promise<Environment['auth']> {
  const { parseEnvironmentsDocument } = await import('@wirebench/auth')
  const parsed = parseEnvironmentsDocument({
    version: 2,
    activeEnvironmentId: null,
    environments: [{ ...base, auth: config }],
  })
  const checked = parsed.ok ? parsed.document.environments[0] : undefined
  if (!checked) {
    const issue = parsed.ok ? undefined : parsed.issues[0]
    throw CliFailure.usage(
      `The saved request's own auth (${String(config['type'])}) is not valid: ${issue?.message ?? 'unreadable'}.`,
      'Fix it in the workbench (request → Auth) or in the request file.',
    )
  }
  if (checked.auth.type === 'oauth2_ac') {
    throw CliFailure.usage(
      "The saved request's own auth is OAuth 2.0 authorization code, which needs a browser to sign in.",
      'Send it from the workbench UI, or give the request client credentials or a bearer token for the command line.',
    )
  }
  return checked.auth
}

export async function withSavedAuth(given: CallEnvironment, saved: SavedAuth | undefined): Promise<CallEnvironment> {
  if (!saved || saved.mode === 'inherit') return given
  const { environment } = given
  if (saved.mode === 'none') {
    return environment ? { ...given, environment: { ...environment, auth: { type: 'none' } } } : given
  }
  const { DEFAULT_TRUST, emptyHosts } = await import('@wirebench/auth')
  // Without --env the request's own scheme still needs an environment to run in: the command line's variables only.
  const base: Environment = environment ?? {
    id: 'command-line',
    name: 'command line',
    vars: {},
    auth: { type: 'none' },
    trust: { ...DEFAULT_TRUST },
    hosts: emptyHosts(),
  }
  return { ...given, environment: { ...base, auth: await checkedAuth(saved.config, base) } }
}
