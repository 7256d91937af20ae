/**
 * The server's per-environment cookie jars, created when the first plugin that sends cookies loads: the jar stack
 * (tough-cookie, undici) is not imported at start-up, and until a plugin has loaded no call can have set a cookie.
 */
import type { CookieJars } from '@wirebench/transport'

export interface ServerCookieJars {
  /** What the cookie routes list and clear: empty until the jars exist. */
  view: Pick<CookieJars, 'clear' | 'list'>
  /** The jars, shared by every plugin; the first call creates them. */
  jars: () => Promise<CookieJars>
}

export function createServerCookieJars(): ServerCookieJars {
  let created: CookieJars | undefined
  let creating: Promise<CookieJars> | undefined
  return {
    view: {
      clear: (environmentId) => created?.clear(environmentId) ?? 0,
      list: (environmentId) => created?.list(environmentId) ?? [],
    },
    jars: () => {
      creating ??= import('@wirebench/transport').then(({ createCookieJars }) => (created = createCookieJars()))
      // A failed import is not remembered: the plugin load that needed it fails, and the next one tries again.
      creating.catch(() => (creating = undefined))
      return creating
    },
  }
}
