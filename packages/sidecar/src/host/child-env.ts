/**
 * The environment a sidecar process gets: the variables whose names start with its `envPrefix` plus a small base set
 * a program needs to run (SECURITY.md "Process execution"), never the workbench's whole environment — which may hold
 * tokens, cloud credentials and the session secret.
 */

/** Variables every sidecar gets when the workbench has them: finding programs, a home, a locale, a temp dir. */
export const BASE_ENV_NAMES = ['PATH', 'HOME', 'LANG', 'TMPDIR'] as const

export const DEFAULT_ENV_PREFIX = 'WORKBENCH_'

export function buildChildEnv(
  parent: Readonly<Record<string, string | undefined>>,
  prefix: string = DEFAULT_ENV_PREFIX,
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of BASE_ENV_NAMES) {
    const value = parent[name]
    if (value !== undefined) env[name] = value
  }
  // An empty prefix would forward everything: it forwards nothing beyond the base set instead.
  if (prefix === '') return env
  for (const [name, value] of Object.entries(parent)) {
    if (value !== undefined && name.startsWith(prefix)) env[name] = value
  }
  return env
}
