/** Revisions are content hashes: equal bytes, equal revision, whoever wrote them (an editor, `git pull`, the API). */
import { createHash } from 'node:crypto'

export function revisionOf(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32)
}

/** The revision of a file that does not exist, so a save can say "I expect it not to exist yet". */
export const MISSING_REVISION = revisionOf('')
