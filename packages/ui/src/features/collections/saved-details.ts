/** A saved request's details as the Details dialog edits them: notes and its own timeout (`options.timeoutMs`). */
import type { SavedRequest } from '@wirebench/core'

/** The timeout as typed: empty means the server's default; anything else a whole number of milliseconds. */
export function readTimeout(text: string): { timeoutMs: number | undefined } | { problem: string } {
  const trimmed = text.trim()
  if (trimmed === '') return { timeoutMs: undefined }
  const value = Number(trimmed)
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(value) || value < 1) {
    return {
      problem: `"${trimmed}" is no timeout: write a whole number of milliseconds (30000 is 30 s), or leave it empty.`,
    }
  }
  return { timeoutMs: value }
}

/** `request` with these notes and timeout; an empty one is left out of the file rather than written empty. */
export function withDetails(request: SavedRequest, notes: string, timeoutMs: number | undefined): SavedRequest {
  const { notes: _notes, options, ...rest } = request
  const { timeoutMs: _timeout, ...otherOptions } = options ?? {}
  const next: SavedRequest = { ...rest }
  if (notes.trim() !== '') next.notes = notes
  const nextOptions = timeoutMs === undefined ? otherOptions : { ...otherOptions, timeoutMs }
  if (Object.keys(nextOptions).length > 0) next.options = nextOptions
  return next
}
