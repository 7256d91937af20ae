/**
 * The auth a call from a saved request's tab takes: the request's own (`own` or `none`), else the nearest folder's
 * that sets one, else the active environment's (`undefined`). Read at send time, so an auth edited in the sidebar
 * applies to the next call without reopening the tab.
 */
import type { AuthConfig } from '@wirebench/auth'
import type { SavedAuth, WorkspaceContent } from '@wirebench/core'

/** `undefined` means inherit; otherwise the auth that replaces the environment's for this call. */
export function decidedAuth(auth: SavedAuth | undefined): AuthConfig | undefined {
  if (!auth || auth.mode === 'inherit') return undefined
  // A saved `own` config is a scheme config of the auth package; its secret fields hold `${var}` references only.
  return auth.mode === 'none' ? { type: 'none' } : (auth.config as unknown as AuthConfig)
}

/** The folders a saved request sits in, nearest first, ending with the top of `requests/` (`''`). */
function enclosingFolders(path: string): string[] {
  const parts = path.split('/').slice(0, -1)
  const folders: string[] = []
  for (let depth = parts.length; depth > 0; depth--) folders.push(parts.slice(0, depth).join('/'))
  folders.push('')
  return folders
}

export function effectiveRequestAuth(
  content: Pick<WorkspaceContent, 'requests' | 'folders'> | null | undefined,
  path: string,
): AuthConfig | undefined {
  if (!content) return undefined
  const own = decidedAuth(content.requests.find((r) => r.path === path)?.request.auth)
  if (own) return own
  for (const folder of enclosingFolders(path)) {
    const auth = decidedAuth(content.folders.find((f) => f.path === folder)?.folder.auth)
    if (auth) return auth
  }
  return undefined
}
