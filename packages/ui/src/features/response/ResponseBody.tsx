/** The response body: a virtualized tree for JSON, a read-only editor for raw text, a download for binary bodies. */
import { useEffect, useMemo, useRef, useState, type ReactElement, type RefObject } from 'react'
import type { InvokeResult } from '@wirebench/core'
import { LazyCodeEditor } from '../../components/code/LazyCodeEditor.js'
import { base64ByteLength, formatBytes } from '../../components/format.js'
import { Icon } from '../../components/Icon.js'
import { JsonTree } from '../../components/json/JsonTree.js'
import { pointerRange } from './pointer-range.js'
import { useChainAction } from './useChainAction.js'

type BodyView = 'tree' | 'raw'

function isStructured(value: unknown): boolean {
  return typeof value === 'object' && value !== null
}

export interface ResponseBodyProps {
  result: InvokeResult
  /** A JSON pointer to mark in the tree and the raw text (a validation problem's field). */
  highlight?: string | undefined
  /** The tab's draft key: its values get the chain action (a reference to them for another request). */
  chainKey?: string | undefined
  /** Opens Find when it grows (a hint's action), as Ctrl+F in the body does. */
  findSignal?: number | undefined
}

export function ResponseBody({ result, highlight, chainKey, findSignal = 0 }: ResponseBodyProps): ReactElement {
  const structured = isStructured(result.response)
  const chain = useChainAction(chainKey)
  const [view, setView] = useState<BodyView>('tree')
  const raw = useMemo(
    () => (typeof result.response === 'string' ? result.response : (JSON.stringify(result.response, null, 2) ?? '')),
    [result.response],
  )
  const isRawShown = !structured || view === 'raw'
  // Computed only while the raw view shows: it writes the text again to count characters.
  const rawHighlight = useMemo(
    () => (isRawShown && highlight !== undefined && structured ? pointerRange(result.response, highlight) : undefined),
    [isRawShown, highlight, structured, result.response],
  )
  const [copied, setCopied] = useState(false)
  const [findRequest, setFindRequest] = useState(0)
  const bodyRef = useRef<HTMLDivElement>(null)
  useFindShortcut(bodyRef, () => setFindRequest((n) => n + 1))
  const heardFind = useRef(findSignal)
  useEffect(() => {
    if (findSignal === heardFind.current) return
    heardFind.current = findSignal
    setFindRequest((n) => n + 1)
  }, [findSignal])

  if (result.responseBinary !== undefined) return <BinaryBody result={result} />
  if (result.response === undefined || result.response === null || raw === '') {
    return <p className="muted response-empty-body">Empty body.</p>
  }
  return (
    <div className="response-body" ref={bodyRef}>
      <div className="response-body-toolbar">
        {structured && (
          <div className="segmented" role="group" aria-label="Body view">
            <button type="button" aria-pressed={view === 'tree'} onClick={() => setView('tree')}>
              Tree
            </button>
            <button type="button" aria-pressed={view === 'raw'} onClick={() => setView('raw')}>
              Raw
            </button>
          </div>
        )}
        {result.truncated && (
          <span className="tag tag-warn" title="The body exceeded the response limit and was cut">
            truncated
          </span>
        )}
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            void navigator.clipboard?.writeText(raw).then(() => {
              setCopied(true)
              setTimeout(() => setCopied(false), 1200)
            })
          }}
        >
          <Icon name="copy" size={13} /> {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <div className="response-body-view">
        {structured && view === 'tree' ? (
          <JsonTree
            value={result.response}
            label="Response body"
            findRequest={findRequest}
            highlight={highlight}
            {...(chainKey !== undefined ? { onChain: chain } : {})}
          />
        ) : (
          <LazyCodeEditor
            value={raw}
            language={structured || looksJson(result.contentType) ? 'json' : 'text'}
            isReadOnly
            label="Response body (raw)"
            findRequest={findRequest}
            highlight={rawHighlight}
          />
        )}
      </div>
    </div>
  )
}

function looksJson(contentType: string | undefined): boolean {
  return !!contentType && /json/i.test(contentType)
}

function BinaryBody({ result }: { result: InvokeResult }): ReactElement {
  const href = useMemo(() => {
    const bytes = Uint8Array.from(atob(result.responseBinary ?? ''), (c) => c.charCodeAt(0))
    // Always octet-stream: a target-chosen type (text/html…) would make the blob a same-origin document if opened.
    return URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }))
  }, [result.responseBinary])
  const size = base64ByteLength(result.responseBinary ?? '')
  return (
    <div className="empty-state">
      <Icon name="file" size={24} />
      <h2>Binary response</h2>
      <p>
        {result.contentType ?? 'application/octet-stream'} · {formatBytes(size)}
      </p>
      <a className="btn" href={href} download="response.bin">
        Download
      </a>
    </div>
  )
}

/**
 * Ctrl+F (⌘F) finds in the response body while it is on screen: the tree's filter or the raw view's search panel.
 * The browser's own find cannot see the rows a virtualized view has not rendered. Left alone when an editor or a
 * field that handles the key itself has the focus.
 */
function useFindShortcut(ref: RefObject<HTMLElement | null>, onFind: () => void): void {
  const onFindRef = useRef(onFind)
  useEffect(() => {
    onFindRef.current = onFind
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'f') return
      if (event.defaultPrevented || !ref.current?.isConnected || ref.current.offsetParent === null) return
      const target = event.target as HTMLElement | null
      if (target?.closest('.cm-editor') && !ref.current.contains(target)) return
      event.preventDefault()
      onFindRef.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [ref])
}
