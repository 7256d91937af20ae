/** Test helper: sends a hand-written HTTP/1.1 request head (targets fetch would normalise away) and reads the status. */
import { connect } from 'node:net'

/** Resolves with the status line of the answer to `lines` (joined with CRLF) sent to the service at `url`. */
export async function rawStatusLine(url: string, lines: string[]): Promise<string> {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname)
  try {
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
    const answer = new Promise<string>((resolve, reject) => {
      socket.once('data', (data) => resolve(String(data).split('\r\n')[0] ?? ''))
      socket.once('error', reject)
      socket.once('close', () => resolve('(closed without an answer)'))
    })
    socket.write(`${[...lines, `Host: ${hostname}:${port}`].join('\r\n')}\r\n\r\n`)
    return await answer
  } finally {
    socket.destroy()
  }
}

export const upgradeHeaders = [
  'Upgrade: websocket',
  'Connection: Upgrade',
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
  'Sec-WebSocket-Version: 13',
]
