/**
 * Paths of saved requests and folders (`smoke/items/get-item`) and the files behind them. Every segment is checked
 * against one safe character set before it touches the disk, so no name can climb out of the workspace (`..`), be
 * absolute, hide (`.git`), collide with the store's own files, or mean different things on different systems.
 */
import { WorkbenchError } from '@wirebench/core'
import { ASIDE_MARKER } from '../files/atomic-file.js'

export const REQUESTS_DIR = 'requests'
export const FOLDER_FILE = 'folder.json'
export const MANIFEST_FILE = 'workspace.json'
export const JSON_EXTENSION = '.json'

/** Letters, digits, space, `.`, `_` and `-`; starting with a letter or digit; no trailing space or dot (Windows). */
const segmentPattern = /^[A-Za-z0-9](?:[A-Za-z0-9 ._-]{0,98}[A-Za-z0-9_-])?$/
const maxDepth = 8
/** `folder.json` is a folder's settings file: a request of that name would be read as one. */
const reservedNames = new Set(['folder'])

const hint =
  'Use names of letters, digits, spaces, dots, underscores and dashes (starting with a letter or digit, up to 100 characters), separated by "/".'

function refuse(path: string, why: string): never {
  throw new WorkbenchError('invalid_request', `"${path}" is not a usable path: ${why}.`, { hint })
}

function checkSegments(path: string, segments: string[]): void {
  if (segments.length > maxDepth) refuse(path, `folders nest at most ${maxDepth - 1} deep`)
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') refuse(path, 'it has an empty, "." or ".." segment')
    if (!segmentPattern.test(segment)) refuse(path, `"${segment}" has a character outside the allowed set`)
    if (segment.includes(ASIDE_MARKER)) refuse(path, `"${ASIDE_MARKER}" marks files kept aside`)
  }
}

/** `<folder>/<name>` of a saved request, as segments; refused with a problem naming what is wrong. */
export function requestSegments(path: string): string[] {
  if (typeof path !== 'string' || path === '') refuse(String(path), 'it is empty')
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\')) refuse(path, 'it is absolute')
  const segments = path.split('/')
  checkSegments(path, segments)
  const name = segments[segments.length - 1] ?? ''
  if (reservedNames.has(name.toLowerCase())) refuse(path, `"${name}" is reserved for a folder's settings`)
  return segments
}

/** A folder path (`''` is the top of `requests/`). */
export function folderSegments(path: string): string[] {
  if (path === '') return []
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\')) refuse(path, 'it is absolute')
  const segments = path.split('/')
  checkSegments(path, segments)
  return segments
}

/** True when a name found on disk is one the store would write (others are skipped, or reported). */
export function isSafeSegment(segment: string): boolean {
  return segmentPattern.test(segment) && !segment.includes(ASIDE_MARKER)
}
