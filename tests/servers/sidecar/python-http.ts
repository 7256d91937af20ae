/** The Python example sidecar started in its http mode (`sidecar.py --http 0`), for the http transport's tests. */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { pythonExampleDir } from './plugin-dirs.js'

export interface PythonHttpSidecar {
  /** The JSON-RPC endpoint (`http://127.0.0.1:<port>/`). */
  url: string
  process: ChildProcess
  close(): Promise<void>
}

export async function startPythonHttpSidecar(): Promise<PythonHttpSidecar> {
  const child = spawn('python3', [join(pythonExampleDir, 'sidecar.py'), '--http', '0'], {
    cwd: pythonExampleDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let text = ''
    const timer = setTimeout(() => reject(new Error(`the http sidecar did not start: ${text}`)), 10_000)
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
      const found = /listening on (http:\/\/\S+)/.exec(text)
      if (found?.[1]) {
        clearTimeout(timer)
        resolve(found[1])
      }
    })
    child.once('exit', (code) => reject(new Error(`the http sidecar exited with ${code}: ${text}`)))
  })
  return {
    url,
    process: child,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGKILL')
      }),
  }
}
