import { describe, expect, it } from 'vitest'
import { htmlFormattingToMarkdown } from './html-formatting.js'
import { parseMarkdown } from './markdown.js'

describe('HTML formatting tags in spec descriptions', () => {
  it('turns paragraphs, code and links into the Markdown subset', () => {
    expect(htmlFormattingToMarkdown('<p>Creates a new customer object.</p>')).toBe('Creates a new customer object.')
    expect(
      htmlFormattingToMarkdown(
        '<p>One</p><p>Use <code>id</code> from <a href="https://stripe.com/docs">the docs</a>.</p>',
      ),
    ).toBe('One\n\nUse `id` from [the docs](https://stripe.com/docs).')
  })

  it('keeps unsafe links inert and leaves tags it does not know as visible text', () => {
    const blocks = parseMarkdown('<p><a href="javascript:alert(1)">x</a> <img src=x onerror=alert(1)></p>')
    expect(blocks).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: 'x <img src=x onerror=alert(1)>' }] },
    ])
  })

  it('does not touch text without formatting tags, such as generic types', () => {
    expect(htmlFormattingToMarkdown('A List<String> of a &amp; b')).toBe('A List<String> of a &amp; b')
  })
})
