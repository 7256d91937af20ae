/** What the route modules share: the services behind them and the resolved limits. */
import type { FastifyReply } from 'fastify'
import type { WorkbenchLimits } from '../options.js'
import type { Cancellation } from '../services/deadline.js'
import type { DiscoveryService } from '../services/discovery.js'
import type { ExportService } from '../services/export.js'
import type { HistoryRecorder } from '../services/history-recorder.js'
import type { InvokeService } from '../services/invoke.js'
import type { PluginRegistry } from '../services/plugin-registry.js'
import type { UploadService } from '../services/uploads.js'

export interface RouteDeps {
  registry: PluginRegistry
  discovery: DiscoveryService
  invoker: InvokeService
  /** Code snippets of calls (`POST /api/export`). */
  exporter: ExportService
  uploads: UploadService
  limits: WorkbenchLimits
  /** Appends calls that carry a `history` template to their workspace's history. */
  recorder: HistoryRecorder
}

/**
 * Tells when the HTTP client goes away before its answer is written (the response closes unfinished). One `close`
 * listener serves every caller: a discovery hands the same cancellation to each of its attempts (plugins × URLs), and a
 * listener apiece would trip Node's MaxListenersExceededWarning from eleven on.
 */
export function clientGone(reply: FastifyReply): Cancellation {
  return new ClientGone(reply.raw)
}

/** A class with the listeners made on first need: every relayed call makes one, and most have a single listener. */
class ClientGone implements Cancellation {
  private listeners: Set<() => void> | undefined
  private isListening = false

  constructor(private readonly raw: FastifyReply['raw']) {}

  private readonly onClose = (): void => {
    this.stopListening()
    if (this.raw.writableFinished) return
    const listeners = this.listeners
    this.listeners = undefined
    if (listeners) for (const listener of listeners) listener()
  }

  onCancel(listener: () => void): () => void {
    const raw = this.raw
    if (raw.destroyed && !raw.writableFinished) {
      listener()
      return () => undefined
    }
    const listeners = (this.listeners ??= new Set())
    listeners.add(listener)
    if (!this.isListening) {
      this.isListening = true
      raw.on('close', this.onClose)
    }
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0) this.stopListening()
    }
  }

  private stopListening(): void {
    if (!this.isListening) return
    this.isListening = false
    this.raw.removeListener('close', this.onClose)
  }
}
