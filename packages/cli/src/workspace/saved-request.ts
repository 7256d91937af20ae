/**
 * `wirebench call --workspace <dir> --request <folder>/<name>`: reads a saved request from a workspace folder (never
 * writing to it) and turns it into what the call command sends — its URL and protocol pin, `Service/Method`, its
 * messages and headers, its timeout — plus the workspace's variables, the lowest-precedence scope.
 */
import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { SavedAuth, SavedFolderEntry, SavedRequest } from '@wirebench/core'
import { CliFailure } from '../failure.js'

export interface SavedCall {
  request: SavedRequest
  /** `Service/Method`, as `wirebench list` prints it. */
  address: string
  /** The workspace's variables (below the environment's and the command line's). */
  vars: Record<string, string>
  /** The auth the request sends with: its own, else its folder's (nearest first); `inherit` means the environment's. */
  auth: SavedAuth
}

/** A request's auth after `inherit`: the request's own, else the nearest folder's that is not `inherit` itself. */
export function effectiveSavedAuth(
  request: SavedRequest,
  path: string,
  folders: readonly SavedFolderEntry[],
): SavedAuth {
  if (request.auth && request.auth.mode !== 'inherit') return request.auth
  const segments = path.split('/').slice(0, -1)
  for (let depth = segments.length; depth >= 0; depth--) {
    const folderPath = segments.slice(0, depth).join('/')
    const auth = folders.find((entry) => entry.path === folderPath)?.folder.auth
    if (auth && auth.mode !== 'inherit') return auth
  }
  return { mode: 'inherit' }
}

export async function loadSavedCall(dir: string, path: string): Promise<SavedCall> {
  const folder = resolve(dir)
  const info = await stat(folder).catch(() => undefined)
  if (!info?.isDirectory()) {
    throw CliFailure.usage(`--workspace ${dir} is not a folder.`, 'Name the workspace folder (it holds requests/).')
  }
  const { createWorkspaceStore, requestSegments } = await import('@wirebench/workspace')
  try {
    requestSegments(path)
  } catch (error) {
    throw CliFailure.usage(`--request ${path}: ${error instanceof Error ? error.message : String(error)}`)
  }
  // `read` reports unusable files without moving them: a command that only sends leaves the folder as it was.
  const content = await createWorkspaceStore(folder).read()
  const entry = content.requests.find((candidate) => candidate.path === path)
  if (!entry) {
    const problem = content.problems.find((p) => p.path === `requests/${path}.json`)
    if (problem) throw CliFailure.usage(`--request ${path}: the file is unusable: ${problem.reason}.`)
    const known = content.requests.map((r) => r.path)
    throw CliFailure.usage(
      `No saved request ${path} in ${folder}.`,
      known.length === 0
        ? 'The workspace has no saved requests yet (requests/<folder>/<name>.json).'
        : `Saved requests: ${known.slice(0, 20).join(', ')}${known.length > 20 ? ', …' : ''}.`,
    )
  }
  const { request } = entry
  return {
    request,
    address: `${request.service}/${request.method}`,
    vars: content.manifest.vars ?? {},
    auth: effectiveSavedAuth(request, path, content.folders),
  }
}

/** The discovery entry of a saved request: its URL, pinned to its protocol unless it already is. */
export function savedCallUrl(request: SavedRequest): string {
  return request.url.startsWith(`${request.protocol}@`) ? request.url : `${request.protocol}@${request.url}`
}
