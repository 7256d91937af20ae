import { describe, expect, it } from 'vitest'

import { parseInline, parseMarkdown } from './markdown.js'

// Each case runs under a short runner timeout: a pattern that rescans the rest of the text from every opener takes
// seconds on these sizes, a single scan takes milliseconds.
const FAST = { timeout: 3000 }

const plainText = (text: string) => parseMarkdown(text).flatMap((b) => ('children' in b ? b.children : []))

describe('markdown on hostile input', () => {
  it.each([
    ['200,000 unclosed [', '['.repeat(200_000)],
    ['[a]( repeated', '[a]('.repeat(20_000)],
    ['[a repeated', '[a'.repeat(100_000)],
    ['nested brackets', `${'[['.repeat(60_000)}x${']'.repeat(100)}`],
    ['backticks', 'a`'.repeat(30_000)],
    ['asterisks', '*a'.repeat(30_000) + '**b'.repeat(20_000)],
    ['underscores', ' _a'.repeat(20_000) + ' __b'.repeat(20_000)],
  ])(
    '%s finishes and keeps the text',
    (_name, input) => {
      const inline = plainText(input)
      expect(inline.length).toBeGreaterThan(0)
    },
    FAST.timeout,
  )

  it('drops an unsafe link to its bare label, with balanced parentheses in the target', () => {
    expect(parseInline('[js](javascript:alert(1)) after')).toEqual([
      { kind: 'text', text: 'js' },
      { kind: 'text', text: ' after' },
    ])
    expect(parseInline('[wiki](https://en.wikipedia.org/wiki/Foo_(bar)).')).toEqual([
      { kind: 'link', href: 'https://en.wikipedia.org/wiki/Foo_(bar)', children: [{ kind: 'text', text: 'wiki' }] },
      { kind: 'text', text: '.' },
    ])
  })

  it('still parses marks that close after many openers', () => {
    const inline = parseInline(`${'['.repeat(1000)}a](https://x.test/) \`c\` **b**`)
    expect(inline).toContainEqual({ kind: 'code', text: 'c' })
    expect(inline).toContainEqual({ kind: 'strong', children: [{ kind: 'text', text: 'b' }] })
    expect(inline).toContainEqual({
      kind: 'link',
      href: 'https://x.test/',
      children: [{ kind: 'text', text: `${'['.repeat(999)}a` }],
    })
  })
})
