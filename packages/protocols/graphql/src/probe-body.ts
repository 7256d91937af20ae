/**
 * Reads the answer to an introspection request only as far as it can be one. A GraphQL answer to it opens with
 * `{"data":{"__schema"`, `{"data":null`, `{"errors":[` or `{"extensions":{`; anything else (an OpenAPI document, a
 * REST collection wrapped in `{"data":[…]}`) is read only far enough to quote its error messages and then dropped, so
 * probing a 47 MB document costs kilobytes instead of a read and a parse of the whole.
 */
import type { OpenedBody } from '@wirebench/transport'

/** Enough to see the first key and what it holds, even pretty-printed. */
const headBytes = 512
/** What is kept of an answer that is not one: room for a REST API's error list, which discovery quotes. */
export const otherAnswerBytes = 64 * 1024
/** The largest introspection answer read: public schemas (GitHub's, with descriptions) are a few megabytes. */
export const maxIntrospectionBytes = 32 * 1024 * 1024

const answerHead =
  /^\uFEFF?\s*\{\s*(?:"data"\s*:\s*(?:null\b|\{\s*"__schema"\s*:)|"errors"\s*:\s*\[|"extensions"\s*:\s*\{)/

export interface ProbeBody {
  bytes: Buffer
  /** Bytes received (up to where reading stopped). */
  sizeBytes: number
  /** Reading stopped before the end. */
  truncated: boolean
  /** It opens like a GraphQL answer to the introspection query; when not, at most `otherAnswerBytes` were read. */
  isAnswer: boolean
}

/** Whether `head` (the first bytes of a body, or all of a shorter one) opens like an answer to the introspection query. */
export function opensLikeAnswer(head: string): boolean {
  return answerHead.test(head)
}

export async function readProbeBody(body: OpenedBody, maxBytes: number): Promise<ProbeBody> {
  const chunks: Buffer[] = []
  let size = 0
  let limit = maxBytes
  let isAnswer: boolean | undefined
  let truncated = false
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
    chunks.push(buffer)
    size += buffer.length
    if (isAnswer === undefined && size >= headBytes) {
      isAnswer = opensLikeAnswer(head(chunks, size))
      if (!isAnswer) limit = Math.min(limit, otherAnswerBytes)
    }
    if (size > limit) {
      truncated = true
      break
    }
  }
  // Leaving the loop early does not always release the socket; destroying the body does.
  if (truncated) body.destroy()
  const all = Buffer.concat(chunks, size)
  const bytes = truncated ? all.subarray(0, limit) : all
  return {
    bytes,
    sizeBytes: bytes.length,
    truncated,
    isAnswer: isAnswer ?? opensLikeAnswer(head(chunks, size)),
  }
}

function head(chunks: readonly Buffer[], size: number): string {
  return Buffer.concat(chunks, size).subarray(0, headBytes).toString('utf8')
}
