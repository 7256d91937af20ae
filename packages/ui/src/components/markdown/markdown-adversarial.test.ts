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
    ['a heading line of spaces', `# a${' '.repeat(4_000)}x`],
    ['HTML links opened and never closed', `<p>${'<a href="https://x.test/">a '.repeat(60_000)}`],
    ['HTML anchors without an end', `<p>${'<a href '.repeat(60_000)}`],
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

  it('reads headings as before: closing hashes, spaces and non-headings', () => {
    const heading = (line: string) => {
      const [block] = parseMarkdown(line)
      return block?.kind === 'heading' ? block.children : block?.kind
    }
    expect(heading('## Title ##')).toEqual([{ kind: 'text', text: 'Title' }])
    expect(heading('   # C#')).toEqual([{ kind: 'text', text: 'C' }])
    expect(heading('# a # b')).toEqual([{ kind: 'text', text: 'a # b' }])
    expect(heading('#hashtag')).toBe('paragraph')
    expect(heading('####### seven')).toBe('paragraph')
    expect(heading('    # indented')).toBe('paragraph')
  })
})
