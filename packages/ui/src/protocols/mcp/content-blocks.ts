/**
 * MCP content as the result views draw it: a tool result's content blocks, a resource's contents, a prompt's messages,
 * each narrowed from the untrusted JSON the server sent to one of a few shapes (anything else is shown as JSON).
 */

export type ContentView =
  | { kind: 'text'; text: string }
  | { kind: 'image'; data: string; mimeType: string }
  | { kind: 'audio'; data: string; mimeType: string }
  | { kind: 'link'; uri: string; name?: string; mimeType?: string; description?: string }
  | { kind: 'resource'; uri: string; mimeType?: string; text?: string; blob?: string }
  | { kind: 'other'; value: unknown }

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

/** Image and audio types a data: URL may carry to the page (an SVG could run script in some contexts: shown as text). */
const safeImage = /^image\/(png|jpeg|gif|webp|bmp|avif)$/i
const safeAudio = /^audio\/[a-z0-9.+-]+$/i

function withOptional<T extends object>(base: T, extra: Record<string, string | undefined>): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) }
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) out[key] = value
  return out as T
}

/** One resource content (`{uri, mimeType?, text | blob}`), embedded or read. */
export function resourceView(value: unknown): ContentView {
  const resource = record(value)
  const uri = str(resource?.uri)
  if (!resource || uri === undefined) return { kind: 'other', value }
  return withOptional(
    { kind: 'resource' as const, uri },
    {
      mimeType: str(resource.mimeType),
      text: str(resource.text),
      blob: str(resource.blob),
    },
  )
}

export function contentView(value: unknown): ContentView {
  const block = record(value)
  const type = str(block?.type)
  if (!block || !type) return { kind: 'other', value }
  const data = str(block.data)
  const mimeType = str(block.mimeType) ?? ''
  if (type === 'text' && str(block.text) !== undefined) return { kind: 'text', text: block.text as string }
  if (type === 'image' && data !== undefined && safeImage.test(mimeType)) return { kind: 'image', data, mimeType }
  if (type === 'audio' && data !== undefined && safeAudio.test(mimeType)) return { kind: 'audio', data, mimeType }
  if (type === 'resource_link' && str(block.uri) !== undefined) {
    return withOptional(
      { kind: 'link' as const, uri: block.uri as string },
      {
        name: str(block.name),
        mimeType: str(block.mimeType),
        description: str(block.description),
      },
    )
  }
  if (type === 'resource') return resourceView(block.resource)
  return { kind: 'other', value }
}

/** A `CallToolResult`, a `ReadResourceResult` or a `GetPromptResult` as blocks (what else is there stays in Raw). */
export function resultBlocks(response: unknown): {
  blocks: ContentView[]
  messages?: Array<{ role: string; block: ContentView }>
} {
  const result = record(response) ?? {}
  if (Array.isArray(result.content)) return { blocks: result.content.map(contentView) }
  if (Array.isArray(result.contents)) return { blocks: result.contents.map(resourceView) }
  if (Array.isArray(result.messages)) {
    const messages = result.messages.map((m) => {
      const message = record(m) ?? {}
      return { role: str(message.role) ?? '?', block: contentView(message.content) }
    })
    return { blocks: [], messages }
  }
  return { blocks: [] }
}

/** The base64 payload as bytes (for a download), or undefined when it is not base64. */
export function base64Bytes(data: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const binary = atob(data)
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  } catch {
    return undefined
  }
}
