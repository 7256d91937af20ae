/** Writes to a bidirectional stream and stops reading while the client is not reading what we send. */
import type { ServerDuplexStream } from '@grpc/grpc-js'

export function writePaced<Req, Res>(call: ServerDuplexStream<Req, Res>, message: Res): void {
  if (call.write(message)) return
  // Pausing the readable side stops further requests until the client has drained our replies: memory stays bounded
  // however fast a client sends and however slowly it reads.
  call.pause()
  call.once('drain', () => call.resume())
}
