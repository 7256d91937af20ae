/**
 * A small Markdown subset for descriptions from untrusted specs: paragraphs, lists, headings, fenced code, and inline
 * code/bold/italic/links. It produces a tree of plain values; the renderer builds React elements from it, so no HTML
 * from a spec is ever interpreted, and links keep only http(s) and mailto targets.
 */

import { htmlFormattingToMarkdown } from './html-formatting.js'
import { scanInline } from './inline-scanner.js'
import type { Block, Inline } from './markdown-tree.js'

export type { Block, Inline } from './markdown-tree.js'

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:'])

/** The href when its scheme is allowed, otherwise null (relative links have no base in the workbench, so they drop). */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw.trim())
    return SAFE_SCHEMES.has(url.protocol) ? url.href : null
  } catch {
    return null
  }
}

// Underscores emphasise only outside words, as in CommonMark: STATION_STATUS_UNSPECIFIED and validate_only stay text.
export function parseInline(text: string): Inline[] {
  return scanInline(text, safeHref)
}

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char)

/**
 * The text of an ATX heading line (`## Title ##`), or undefined. Read by hand: the equivalent regular expression
 * (`\s+(.*?)\s*#*\s*$`) backtracks polynomially on a line of spaces, and descriptions come from untrusted documents.
 */
function headingText(line: string): string | undefined {
  let at = 0
  while (at < 3 && isSpace(line[at])) at++
  let hashes = 0
  while (line[at + hashes] === '#') hashes++
  if (hashes < 1 || hashes > 6 || !isSpace(line[at + hashes])) return undefined
  // The closing sequence: trailing spaces, then `#`s, then the spaces before them.
  const text = line.slice(at + hashes).trimEnd()
  let end = text.length
  while (end > 0 && text[end - 1] === '#') end--
  return text.slice(0, end).trim()
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = []
  const lines = htmlFormattingToMarkdown(source).replace(/\r\n?/g, '\n').split('\n')
  let paragraph: string[] = []
  let list: string[] | null = null
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) })
    if (list) blocks.push({ kind: 'list', items: list.map(parseInline) })
    paragraph = []
    list = null
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (/^\s*```/.test(line)) {
      flush()
      const code: string[] = []
      while (++i < lines.length && !/^\s*```/.test(lines[i] ?? '')) code.push(lines[i] ?? '')
      blocks.push({ kind: 'code', text: code.join('\n') })
      continue
    }
    if (line.trim() === '') {
      flush()
      continue
    }
    const heading = headingText(line)
    if (heading !== undefined) {
      flush()
      blocks.push({ kind: 'heading', children: parseInline(heading) })
      continue
    }
    const item = LIST_ITEM.exec(line)
    if (item) {
      if (paragraph.length) flush()
      list = [...(list ?? []), item[1] ?? '']
      continue
    }
    if (list && /^\s+\S/.test(line)) {
      list[list.length - 1] += ` ${line.trim()}`
      continue
    }
    if (list) flush()
    paragraph.push(line.trim())
  }
  flush()
  return blocks
}
