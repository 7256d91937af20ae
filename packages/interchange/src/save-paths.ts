/**
 * Folder and request names of an import made fit to be saved: a workspace stores `requests/<folder>/<name>.json`
 * and accepts only segments of letters, digits, spaces, `.`, `_` and `-` (starting with a letter or digit, ending
 * without a space or dot, up to 100 characters). `GET /api/cart` becomes `GET api cart`, a host `127.0.0.1:8080`
 * `127.0.0.1-8080`, and a name already taken in its folder gets ` 2`, ` 3`…
 */
import type { ImportPreview } from '@wirebench/core'

const maxSegment = 100
/** A request file named `folder` would be read as its folder's settings. */
const reservedNames = new Set(['folder'])

export function safeSegment(text: string, fallback: string): string {
  const cleaned = text
    // Accented letters keep their base letter (`é` → `e`) rather than becoming dashes.
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[/\\]+/g, ' ')
    .replace(/[^A-Za-z0-9 ._-]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, maxSegment)
    .replace(/[^A-Za-z0-9_]+$/, '')
  return cleaned === '' ? fallback : cleaned
}

export function withSavePaths(preview: ImportPreview): ImportPreview {
  const taken = new Set<string>()
  for (const entry of preview.requests) {
    entry.folder = entry.folder
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => safeSegment(segment, 'folder-1'))
      .join('/')
    const base = safeSegment(entry.request.name, 'request')
    let name = reservedNames.has(base.toLowerCase()) ? `${base} request` : base
    for (let n = 2; taken.has(`${entry.folder}/${name}`.toLowerCase()); n++) {
      const suffix = ` ${n}`
      name = `${base.slice(0, maxSegment - suffix.length)}${suffix}`
    }
    taken.add(`${entry.folder}/${name}`.toLowerCase())
    entry.request.name = name
  }
  return preview
}
