/** Reads a response body up to a byte limit; the rest is not read and the stream is destroyed. */

export interface BoundedBody {
  bytes: Buffer
  /** Bytes received (up to where reading stopped). */
  sizeBytes: number
  truncated: boolean
}

interface DestroyableBody extends AsyncIterable<Uint8Array> {
  destroy?(error?: Error): unknown
  /** undici's one-shot consumer: far fewer promise ticks than iterating chunk by chunk. */
  arrayBuffer?(): Promise<ArrayBuffer>
}

/**
 * `declaredLength` is the response's Content-Length when it has one: a body known to fit is consumed in one go
 * (undici fails the read if the length lies); anything else streams with the cap.
 */
export async function readBoundedBody(
  body: DestroyableBody,
  maxBytes: number,
  declaredLength?: number,
): Promise<BoundedBody> {
  if (declaredLength !== undefined && declaredLength <= maxBytes && body.arrayBuffer) {
    const bytes = Buffer.from(await body.arrayBuffer())
    return { bytes, sizeBytes: bytes.length, truncated: false }
  }
  const chunks: Buffer[] = []
  let size = 0
  let truncated = false
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
    if (size + buffer.length > maxBytes) {
      chunks.push(buffer.subarray(0, maxBytes - size))
      size = maxBytes
      truncated = true
      break
    }
    chunks.push(buffer)
    size += buffer.length
  }
  // Leaving the loop early does not always release the socket; destroying the body does.
  if (truncated) body.destroy?.()
  return {
    bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size),
    sizeBytes: size,
    truncated,
  }
}
