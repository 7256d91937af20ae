/**
 * `${var}`s in the discovery entries (a saved request's URL is typed as `${baseUrl}/items`) filled in before anything
 * is discovered or approved: system, environment, then workspace variables, as the call's own substitution orders them.
 */
import type { Environment } from '@wirebench/auth'
import { CliFailure } from '../failure.js'

export async function withUrlVariables(
  urls: readonly string[],
  environment: Environment | null,
  workspaceVars: Readonly<Record<string, string>> | undefined,
): Promise<string[]> {
  if (!urls.some((url) => url.includes('${'))) return [...urls]
  const { substituteFrame } = await import('@wirebench/auth')
  const { value, unresolved } = substituteFrame([...urls], {
    environment,
    ...(workspaceVars ? { scopes: [workspaceVars] } : {}),
  })
  if (unresolved.length > 0) {
    const names = unresolved.map((name) => `\${${name}}`).join(', ')
    throw CliFailure.usage(
      `The URL ${urls.join(' ')} uses ${names}, which no variable defines.`,
      `Give ${unresolved.map((name) => `--var ${name}=<value>`).join(' ')}, or choose an environment (--env) or set it in the workspace's variables.`,
    )
  }
  return value
}
