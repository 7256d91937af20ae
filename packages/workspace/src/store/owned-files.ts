/**
 * Deleting a workspace's files: only what the workspace owns (its manifest, the manifest's kept-aside copies and the
 * `requests/` tree), never anything else a folder holds — a workspace often lives inside a project and its git
 * repository. The folder itself goes only when nothing else is left in it.
 */
import { readdir, rm, rmdir } from 'node:fs/promises'
import { join } from 'node:path'
import { ASIDE_MARKER } from '../files/atomic-file.js'
import { MANIFEST_FILE, REQUESTS_DIR } from './request-path.js'

const manifestStem = MANIFEST_FILE.replace(/\.json$/, '')

function isOwned(name: string): boolean {
  return name === MANIFEST_FILE || name === REQUESTS_DIR || name.startsWith(`${manifestStem}${ASIDE_MARKER}`)
}

/** What stayed: the names of the entries that are not the workspace's (empty when the folder itself was removed). */
export async function deleteOwnedFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  })
  for (const name of names.filter(isOwned)) await rm(join(dir, name), { recursive: true, force: true })
  const kept = names.filter((name) => !isOwned(name))
  if (kept.length === 0) await rmdir(dir).catch(() => undefined)
  return kept
}
