/** The `${name}` references of a call as written that nothing would resolve if it were sent now. */
import { substituteAuthConfig, substitutionFor, type Environment } from '@wirebench/auth'
import { substituteDeep } from '@wirebench/core'

export interface CallAsWritten {
  environment: Environment | null
  messages: unknown[]
  metadata?: Record<string, string>
  serverUrl?: string
  /** Request chaining: references that read a response resolve, those that read nothing are reported. */
  resolve?: (name: string) => string | undefined
  /** The active workspace's variables, below the environment's (the call fills names from them too). */
  workspaceVars?: Readonly<Record<string, string>>
}

/**
 * Same substitution as the pipeline (system variables, the environment's, then the workspace's), run only to collect
 * the unknown names.
 */
export function unresolvedVariables(call: CallAsWritten): string[] {
  const options = substitutionFor(call.environment, {
    ...(call.resolve ? { resolve: call.resolve } : {}),
    ...(call.workspaceVars ? { scopes: [call.workspaceVars] } : {}),
  })
  const names = new Set(
    substituteDeep({ messages: call.messages, metadata: call.metadata ?? {}, serverUrl: call.serverUrl ?? '' }, options)
      .unknown,
  )
  const auth = call.environment?.auth
  if (auth && auth.type !== 'none') for (const name of substituteAuthConfig(auth, options).unknown) names.add(name)
  return [...names].sort()
}
