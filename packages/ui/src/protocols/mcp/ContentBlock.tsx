/**
 * One content block, rendered as what it is: text as text, an image as an image, audio with a player, a resource
 * link with its URI, an embedded or read resource with its text or a download of its blob. The server's data is
 * never interpreted as HTML; images and audio come from data: URLs of safe media types only.
 */
import { useEffect, useMemo, type ReactElement } from 'react'
import { JsonTree } from '../../components/json/JsonTree.js'
import { base64Bytes, type ContentView } from './content-blocks.js'

function BlobDownload({ uri, blob, mimeType }: { uri: string; blob: string; mimeType?: string }): ReactElement {
  const bytes = useMemo(() => base64Bytes(blob), [blob])
  // Downloaded as bytes (never opened in the page): the type is the server's claim.
  const href = useMemo(
    () => (bytes ? URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' })) : undefined),
    [bytes],
  )
  useEffect(() => () => (href ? URL.revokeObjectURL(href) : undefined), [href])
  if (!bytes) return <p className="mcp-request-problem">The blob is not valid base64.</p>
  const name = uri.split(/[/:]/).filter(Boolean).pop() ?? 'resource'
  return (
    <p>
      <span className="muted">
        {bytes.length.toLocaleString()} bytes{mimeType ? ` of ${mimeType}` : ''}
      </span>{' '}
      {href && (
        <a className="btn" href={href} download={name}>
          Download
        </a>
      )}
    </p>
  )
}

export function ContentBlock({ view }: { view: ContentView }): ReactElement {
  switch (view.kind) {
    case 'text':
      return (
        <div className="mcp-block" data-content-kind="text">
          <pre className="mcp-pre mcp-text">{view.text}</pre>
        </div>
      )
    case 'image':
      return (
        <figure className="mcp-block" data-content-kind="image">
          <img
            className="mcp-image"
            src={`data:${view.mimeType};base64,${view.data}`}
            alt={`Image (${view.mimeType})`}
          />
          <figcaption className="muted">{view.mimeType}</figcaption>
        </figure>
      )
    case 'audio':
      return (
        <figure className="mcp-block" data-content-kind="audio">
          <audio controls src={`data:${view.mimeType};base64,${view.data}`} aria-label={`Audio (${view.mimeType})`} />
          <figcaption className="muted">{view.mimeType}</figcaption>
        </figure>
      )
    case 'link':
      return (
        <div className="mcp-block" data-content-kind="resource_link">
          <span className="tag tag-accent">link</span> <strong>{view.name ?? view.uri}</strong>{' '}
          <span className="mono muted mcp-wrap">{view.uri}</span>
          {view.mimeType && <span className="muted"> · {view.mimeType}</span>}
          {view.description && <p className="muted">{view.description}</p>}
        </div>
      )
    case 'resource':
      return (
        <div className="mcp-block" data-content-kind="resource">
          <div>
            <span className="tag tag-neutral">resource</span> <span className="mono mcp-wrap">{view.uri}</span>
            {view.mimeType && <span className="muted"> · {view.mimeType}</span>}
          </div>
          {view.text !== undefined && <pre className="mcp-pre mcp-text">{view.text}</pre>}
          {view.blob !== undefined && (
            <BlobDownload uri={view.uri} blob={view.blob} {...(view.mimeType ? { mimeType: view.mimeType } : {})} />
          )}
        </div>
      )
    case 'other':
      return (
        <div className="mcp-block" data-content-kind="other">
          <JsonTree value={view.value} label="Content" />
        </div>
      )
  }
}
