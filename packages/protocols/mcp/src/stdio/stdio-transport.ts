/**
 * The MCP stdio transport over a configured server process: newline-delimited JSON-RPC on stdin/stdout, with bounds the
 * SDK's own transport lacks. A line longer than `maxLineBytes`, or more than `maxNoiseLines` lines that are not JSON-RPC
 * (a server printing to stdout), end the session with an error saying so; the process's exit ends it with the exit
 * code and the last stderr lines. The workbench itself keeps running whatever the server writes.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { WorkbenchError } from '@wirebench/core'
import type { McpStdioServer } from '../config/types.js'
import { startServerProcess } from './server-process.js'
import type { ServerProcess, SpawnFunction } from './server-process.js'

export interface StdioTransportOptions {
  spawn?: SpawnFunction
  maxLineBytes: number
  maxNoiseLines: number
  stderrLines: number
  killGraceMs: number
  onStderr?: (lines: string[]) => void
  /** The process was started (its status can be read from now on). */
  onStart?: (process: ServerProcess) => void
}

export class StdioServerTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  private readonly server: McpStdioServer
  private readonly options: StdioTransportOptions
  private process: ServerProcess | undefined
  private pending: Buffer[] = []
  private pendingBytes = 0
  private noiseLines = 0
  private failure: WorkbenchError | undefined
  private isClosed = false

  constructor(server: McpStdioServer, options: StdioTransportOptions) {
    this.server = server
    this.options = options
  }

  /** The running (or last) process, for its status and stderr. */
  get serverProcess(): ServerProcess | undefined {
    return this.process
  }

  /** Why the session ended, when it did not end by our own close. */
  get closeReason(): WorkbenchError | undefined {
    return this.failure
  }

  async start(): Promise<void> {
    if (this.process) throw new Error('The stdio transport is already started.')
    const started = startServerProcess(this.server, {
      stderrLines: this.options.stderrLines,
      ...(this.options.spawn ? { spawn: this.options.spawn } : {}),
      ...(this.options.onStderr ? { onStderr: this.options.onStderr } : {}),
    })
    this.process = started
    this.options.onStart?.(started)
    const { child } = started
    child.stdout?.on('data', (chunk: Buffer) => this.read(chunk))
    // A server that exits while we write gets EPIPE; the exit itself reports what happened.
    child.stdin?.on('error', () => undefined)
    void started.exited.then((exit) => {
      if (!this.isClosed) {
        const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${String(exit.code)}`
        this.fail(
          new WorkbenchError(
            'upstream_unreachable',
            `The MCP server "${this.server.name}" ${how}.${this.stderrSuffix()}`,
          ),
        )
      }
      this.finish()
    })
    try {
      await started.spawned
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const reason = code === 'ENOENT' ? `program "${this.server.command}" not found` : String((error as Error).message)
      this.isClosed = true
      throw new WorkbenchError(
        'upstream_unreachable',
        `Could not start the MCP server "${this.server.name}": ${reason}.`,
        {
          cause: error,
          hint: `Check "command"${this.server.cwd ? ' and "cwd"' : ''} of "${this.server.name}" in ${sourceOf(this.server)}; the server is started with PATH and HOME only, plus its "env".`,
        },
      )
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.process?.child.stdin
    if (this.isClosed || !stdin || stdin.destroyed || !stdin.writable) {
      throw (
        this.failure ??
        new WorkbenchError('upstream_unreachable', `The MCP server "${this.server.name}" is not running.`)
      )
    }
    if (!stdin.write(`${JSON.stringify(message)}\n`)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          stdin.off('drain', done)
          stdin.off('close', done)
          resolve()
        }
        stdin.once('drain', done)
        stdin.once('close', done)
      })
    }
  }

  async close(): Promise<void> {
    if (!this.process) {
      this.isClosed = true
      return
    }
    this.isClosed = true
    await this.process.stop(this.options.killGraceMs)
    this.finish()
  }

  private finish(): void {
    if (this.onclose === undefined) return
    const onclose = this.onclose
    this.onclose = undefined
    this.isClosed = true
    onclose()
  }

  private stderrSuffix(): string {
    const tail = this.process?.stderr.tail(5) ?? []
    return tail.length > 0 ? ` Last stderr lines: ${tail.join(' | ')}` : ''
  }

  /** Ends the session because of what the server did: the reason is what every pending and later call reports. */
  private fail(error: WorkbenchError): void {
    this.failure ??= error
    this.onerror?.(error)
  }

  private read(chunk: Buffer): void {
    if (this.isClosed || this.failure) return
    let start = 0
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, newline)
      start = newline + 1
      const line = this.pendingBytes === 0 ? piece : Buffer.concat([...this.pending, piece])
      this.pending = []
      this.pendingBytes = 0
      if (line.length > this.options.maxLineBytes) return this.tooLong(line.length)
      this.line(line.toString('utf8'))
      if (this.failure) return
    }
    if (start < chunk.length) {
      this.pending.push(chunk.subarray(start))
      this.pendingBytes += chunk.length - start
      if (this.pendingBytes > this.options.maxLineBytes) this.tooLong(this.pendingBytes)
    }
  }

  private tooLong(bytes: number): void {
    this.pending = []
    this.pendingBytes = 0
    const mib = (this.options.maxLineBytes / 1024 / 1024).toFixed(0)
    this.fail(
      new WorkbenchError(
        'payload_too_large',
        `The MCP server "${this.server.name}" wrote a line of more than ${mib} MiB to stdout (${bytes} bytes so far); the session was closed.`,
        {
          hint: 'A message that large is refused over stdio: ask the server for less (a smaller page, a resource link).',
        },
      ),
    )
    void this.close()
  }

  private line(text: string): void {
    const trimmed = text.replace(/\r$/, '')
    if (trimmed.trim() === '') return
    let message: JSONRPCMessage
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(trimmed))
    } catch {
      this.noise(trimmed)
      return
    }
    this.onmessage?.(message)
  }

  private noise(line: string): void {
    this.noiseLines++
    this.process?.stderr.note(`[stdout, not JSON-RPC] ${line}`)
    if (this.noiseLines <= this.options.maxNoiseLines) return
    this.fail(
      new WorkbenchError(
        'upstream_invalid',
        `The MCP server "${this.server.name}" wrote ${this.noiseLines} lines to stdout that are not JSON-RPC messages; the session was closed.`,
        { hint: 'Over stdio, stdout carries protocol messages only: the server must log to stderr.' },
      ),
    )
    void this.close()
  }
}

function sourceOf(server: McpStdioServer): string {
  return server.source.kind === 'file' ? server.source.path : 'the command line'
}
