/** A tool's annotations as badges (the server's hints, not checked), and what a resource or template addresses. */
import type { ReactElement } from 'react'
import type { MethodInfo } from '@wirebench/core'

const hints: Array<{
  key: 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'
  label: string
  tone: string
  title: string
}> = [
  { key: 'readOnlyHint', label: 'read-only', tone: 'tag-accent', title: 'The server says this tool changes nothing.' },
  {
    key: 'destructiveHint',
    label: 'destructive',
    tone: 'tag-danger',
    title: 'The server says this tool may destroy or overwrite data: you are asked before it runs.',
  },
  {
    key: 'idempotentHint',
    label: 'idempotent',
    tone: 'tag-neutral',
    title: 'The server says calling it twice with the same arguments does nothing more.',
  },
  {
    key: 'openWorldHint',
    label: 'open world',
    tone: 'tag-warn',
    title: 'The server says this tool reaches outside systems.',
  },
]

export function McpMethodFacts({ method }: { method: MethodInfo }): ReactElement | null {
  const mcp = method.mcp
  if (!mcp) return null
  const shown = hints.filter((hint) => mcp.annotations?.[hint.key] === true)
  const address = mcp.uri ?? mcp.uriTemplate
  if (shown.length === 0 && !address && !mcp.outputSchema && !mcp.mimeType) return null
  return (
    <div className="mcp-facts" aria-label="Tool facts">
      {address && <span className="rest-path mono mcp-address">{address}</span>}
      {shown.map((hint) => (
        <span key={hint.key} className={`tag ${hint.tone}`} title={hint.title}>
          {hint.label}
        </span>
      ))}
      {mcp.outputSchema && (
        <span className="tag tag-neutral" title="Results are checked against the tool's outputSchema.">
          output schema
        </span>
      )}
      {mcp.mimeType && <span className="tag tag-neutral">{mcp.mimeType}</span>}
    </div>
  )
}
