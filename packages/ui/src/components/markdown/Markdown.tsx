/** Renders untrusted Markdown (descriptions from specs) as React elements: text only, safe links, no raw HTML. */
import { Fragment, useMemo, type ReactElement, type ReactNode } from 'react'
import { parseMarkdown, type Inline } from './markdown.js'

function renderInline(nodes: readonly Inline[]): ReactNode {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>
      case 'code':
        return <code key={index}>{node.text}</code>
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>
      case 'em':
        return <em key={index}>{renderInline(node.children)}</em>
      case 'link':
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {renderInline(node.children)}
          </a>
        )
    }
  })
}

export function Markdown({ source, className }: { source: string; className?: string }): ReactElement {
  const blocks = useMemo(() => parseMarkdown(source), [source])
  return (
    <div className={`markdown${className ? ` ${className}` : ''}`}>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'paragraph':
            return <p key={index}>{renderInline(block.children)}</p>
          case 'heading':
            return (
              <p key={index} className="markdown-heading">
                {renderInline(block.children)}
              </p>
            )
          case 'list':
            return (
              <ul key={index}>
                {block.items.map((item, i) => (
                  <li key={i}>{renderInline(item)}</li>
                ))}
              </ul>
            )
          case 'code':
            return <pre key={index}>{block.text}</pre>
        }
      })}
    </div>
  )
}
