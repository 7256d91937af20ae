/**
 * Inline Markdown (code, bold, italic, links) by one left-to-right scan. Descriptions and replies are untrusted, so no
 * regex with overlapping quantifiers runs on them: every "find the closing mark" search is cached per character, so
 * unclosed `[`, `*`, `_` or backticks cost linear time instead of rescanning the rest of the text from each opener.
 */

import type { Inline } from './markdown-tree.js'

// A link target longer than this is not a link; it bounds the parenthesis scan so "[a](" repeated stays linear.
const MAX_HREF = 2048
const WORD = /[\p{L}\p{N}]/u
const SPACE = /\s/

/** Finds the next occurrence of a character; queries move forward, so a cached answer stays valid until passed. */
function forwardFinder(text: string): (ch: string, from: number) => number {
  const cache = new Map<string, number>()
  return (ch, from) => {
    const cached = cache.get(ch)
    if (cached !== undefined && (cached === -1 || cached >= from)) return cached
    const found = text.indexOf(ch, from)
    cache.set(ch, found)
    return found
  }
}

// Checks ASCII by code first: the href scan runs this per character.
function isSpace(ch: string): boolean {
  const code = ch.charCodeAt(0)
  return code <= 0x20 || (code > 0x7e && SPACE.test(ch))
}

function isWord(ch: string | undefined): boolean {
  return ch !== undefined && WORD.test(ch)
}

/**
 * End (exclusive, after the closing ")") of a link target starting at `start`, with balanced parentheses, or -1.
 * A failed scan that met no ")" fails for every later start before where it stopped, so that stretch is remembered.
 */
function hrefScanner(text: string): (start: number) => number {
  let failsBefore = -1
  return (start) => {
    if (start < failsBefore) return -1
    let depth = 0
    let sawClose = false
    const limit = Math.min(text.length, start + MAX_HREF)
    let k = start
    for (; k < limit; k++) {
      const ch = text[k] ?? ''
      if (isSpace(ch)) break
      if (ch === '(') depth++
      else if (ch === ')') {
        if (depth === 0) return k > start ? k + 1 : -1
        sawClose = true
        depth--
      }
    }
    if (!sawClose && (k < limit || limit === text.length)) failsBefore = k
    return -1
  }
}

type Match = { end: number; node: Inline }

export function scanInline(text: string, safeHref: (raw: string) => string | null): Inline[] {
  const out: Inline[] = []
  const next = forwardFinder(text)
  const hrefEnd = hrefScanner(text)
  let plainStart = 0

  const matchAt = (i: number): Match | null => {
    const ch = text[i]
    if (ch === '`') {
      const j = next('`', i + 1)
      return j > i + 1 ? { end: j + 1, node: { kind: 'code', text: text.slice(i + 1, j) } } : null
    }
    if (ch === '*') {
      if (text[i + 1] === '*') {
        const j = next('*', i + 2)
        if (j > i + 2 && text[j + 1] === '*') return strong(i + 2, j, j + 2)
        return null
      }
      const first = text[i + 1]
      if (first === undefined || SPACE.test(first)) return null
      const j = next('*', i + 2)
      return j === -1 ? null : em(i + 1, j, j + 1)
    }
    if (ch === '_') {
      if (text[i + 1] === '_' && !isWord(text[i - 1])) {
        const j = next('_', i + 2)
        if (j > i + 2 && text[j + 1] === '_' && !isWord(text[j + 2])) return strong(i + 2, j, j + 2)
      }
      const first = text[i + 1]
      if (first === undefined || first === '_' || SPACE.test(first)) return null
      if (isWord(text[i - 1]) || text[i - 1] === '_') return null
      const j = next('_', i + 2)
      if (j === -1 || isWord(text[j + 1]) || text[j + 1] === '_') return null
      return em(i + 1, j, j + 1)
    }
    if (ch === '[') {
      const j = next(']', i + 1)
      if (j <= i + 1 || text[j + 1] !== '(') return null
      const end = hrefEnd(j + 2)
      if (end === -1) return null
      const label = scanInline(text.slice(i + 1, j), safeHref)
      const href = safeHref(text.slice(j + 2, end - 1))
      // A dropped link keeps only its label, as plain text.
      return {
        end,
        node: href ? { kind: 'link', href, children: label } : { kind: 'text', text: text.slice(i + 1, j) },
      }
    }
    return null
  }
  const strong = (from: number, to: number, end: number): Match => ({
    end,
    node: { kind: 'strong', children: scanInline(text.slice(from, to), safeHref) },
  })
  const em = (from: number, to: number, end: number): Match => ({
    end,
    node: { kind: 'em', children: scanInline(text.slice(from, to), safeHref) },
  })

  let i = 0
  while (i < text.length) {
    const match = matchAt(i)
    if (!match) {
      i++
      continue
    }
    if (i > plainStart) out.push({ kind: 'text', text: text.slice(plainStart, i) })
    out.push(match.node)
    i = plainStart = match.end
  }
  if (plainStart < text.length) out.push({ kind: 'text', text: text.slice(plainStart) })
  return out
}
