/**
 * Live frames encoded once, when they are queued: the JSON text (reused verbatim in the outgoing `frames` message) and
 * its size in bytes, which the queue's byte bounds count. A frame bigger than the per-frame cap is replaced by one that
 * says so, keeping its place in the stream.
 */
import { WorkbenchError } from '@wirebench/core'
import type { StreamFrame } from '@wirebench/core'

export interface EncodedFrame {
  frame: StreamFrame
  /** `JSON.stringify(frame)`. */
  json: string
  bytes: number
}

/** Encodes a frame; throws `upstream_invalid` when it is not JSON-encodable. */
export function encodeFrame(frame: StreamFrame, maxFrameBytes: number): EncodedFrame {
  let json: string | undefined
  try {
    // Typed `string`, but `undefined` for values JSON cannot hold.
    json = JSON.stringify(frame)
  } catch (error) {
    throw new WorkbenchError('upstream_invalid', 'The target sent a frame that cannot be encoded as JSON.', {
      cause: error,
    })
  }
  if (json === undefined) {
    throw new WorkbenchError('upstream_invalid', 'The target sent a frame that cannot be encoded as JSON.')
  }
  const bytes = Buffer.byteLength(json, 'utf8')
  if (bytes <= maxFrameBytes) return { frame, json, bytes }
  const replacement = tooLarge(frame, bytes, maxFrameBytes)
  const replacementJson = JSON.stringify(replacement)
  return { frame: replacement, json: replacementJson, bytes: Buffer.byteLength(replacementJson, 'utf8') }
}

function tooLarge(frame: StreamFrame, bytes: number, maxFrameBytes: number): StreamFrame {
  const text = `This ${frame.type} frame (${bytes} bytes) was too large to relay live; the limit is ${maxFrameBytes} bytes.`
  // The end frame keeps its status: the call's outcome still reaches the browser.
  if (frame.type === 'end')
    return { type: 'end', status: frame.status, message: text, details: { truncated: true, bytes } }
  return { type: 'message', data: text, meta: { truncated: true, bytes } }
}
