import { describe, expect, it } from 'vitest'
import { parseInline, parseMarkdown, safeHref } from './markdown.js'

describe('Markdown for untrusted descriptions', () => {
  it('keeps only http(s) and mailto links; other targets become plain text', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull()
    expect(safeHref(' JAVASCRIPT:alert(1)')).toBeNull()
    expect(safeHref('data:text/html,<b>x</b>')).toBeNull()
    expect(safeHref('/relative')).toBeNull()
    expect(parseInline('[click](javascript:void0)')).toEqual([{ kind: 'text', text: 'click' }])
    expect(parseInline('see [docs](https://example.com/a)')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', href: 'https://example.com/a', children: [{ kind: 'text', text: 'docs' }] },
    ])
  })

  it('emphasises with underscores only outside words (snake_case and ENUM_NAMES stay text)', () => {
    expect(parseInline('Not STATION_STATUS_UNSPECIFIED; set validate_only.')).toEqual([
      { kind: 'text', text: 'Not STATION_STATUS_UNSPECIFIED; set validate_only.' },
    ])
    expect(parseInline('an _em_ and __strong__ word')).toEqual([
      { kind: 'text', text: 'an ' },
      { kind: 'em', children: [{ kind: 'text', text: 'em' }] },
      { kind: 'text', text: ' and ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'strong' }] },
      { kind: 'text', text: ' word' },
    ])
  })

  it('leaves HTML as text for React to escape', () => {
    expect(parseMarkdown('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: '<img src=x onerror=alert(1)>' }] },
    ])
  })

  it('reads paragraphs, lists, headings, fenced code and inline code/bold/italic', () => {
    const blocks = parseMarkdown('# Title\n\nUse **bold** and `code`.\nSame *para*.\n\n- one\n- two\n\n```\nx = 1\n```')
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'code'])
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      children: [
        { kind: 'text', text: 'Use ' },
        { kind: 'strong', children: [{ kind: 'text', text: 'bold' }] },
        { kind: 'text', text: ' and ' },
        { kind: 'code', text: 'code' },
        { kind: 'text', text: '. Same ' },
        { kind: 'em', children: [{ kind: 'text', text: 'para' }] },
        { kind: 'text', text: '.' },
      ],
    })
    expect(blocks[3]).toEqual({ kind: 'code', text: 'x = 1' })
  })
})
