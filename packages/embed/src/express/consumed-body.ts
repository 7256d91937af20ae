/**
 * A body parser mounted before the workbench (`app.use(express.json())` first) has read the request stream: the
 * workbench would wait for bytes that never come. Such a request is answered with a problem naming the fix, and the
 * host's developer is told once on the terminal.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { problemType } from '@wirebench/core'

const detail =
  'A body parser of the host (express.json(), express.urlencoded(), body-parser…) read this request before the workbench.'
const hint = "Mount the workbench before your body parsers: app.use('/workbench', await expressWorkbench(app)) first."

/** True when something before the workbench consumed the request body (body-parser's mark, or the stream's end). */
export function isBodyConsumed(req: IncomingMessage): boolean {
  return (req as IncomingMessage & { _body?: unknown })._body === true || req.readableEnded
}

export function createConsumedBodyAnswer(): (res: ServerResponse) => void {
  let isLogged = false
  return (res) => {
    if (!isLogged) {
      isLogged = true
      process.stderr.write(`Wirebench: ${detail} ${hint}\n`)
    }
    const problem = {
      type: problemType('internal'),
      title: 'Internal error',
      status: 500,
      detail,
      code: 'internal',
      hint,
    }
    res.writeHead(500, { 'content-type': 'application/problem+json; charset=utf-8' })
    res.end(JSON.stringify(problem))
  }
}
