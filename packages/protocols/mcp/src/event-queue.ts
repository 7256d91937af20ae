/**
 * Session events waiting for a channel's consumer: bounded, the oldest dropped first when the browser falls behind (a
 * server's notifications cannot be paused), with one `dropped` event telling how many before the next one delivered.
 */
import type { McpSessionEvent } from '@wirebench/core'

export class EventQueue {
  private readonly max: number
  private events: McpSessionEvent[] = []
  private head = 0
  private dropped = 0
  private isEnded = false
  private wake: (() => void) | undefined

  constructor(max: number) {
    this.max = max
  }

  get size(): number {
    return this.events.length - this.head
  }

  push(event: McpSessionEvent): void {
    if (this.isEnded) return
    this.events.push(event)
    if (this.size > this.max) {
      this.head++
      this.dropped++
    }
    this.signal()
  }

  /** No event follows; the consumer gets the queued ones first. */
  end(): void {
    this.isEnded = true
    this.signal()
  }

  async next(): Promise<McpSessionEvent | undefined> {
    while (this.size === 0) {
      if (this.isEnded) return undefined
      await new Promise<void>((resolve) => (this.wake = resolve))
    }
    if (this.dropped > 0) {
      const count = this.dropped
      this.dropped = 0
      return { kind: 'dropped', count }
    }
    const event = this.events[this.head] as McpSessionEvent
    this.events[this.head] = undefined as unknown as McpSessionEvent
    this.head++
    if (this.head > 1024 && this.head * 2 > this.events.length) {
      this.events = this.events.slice(this.head)
      this.head = 0
    }
    return event
  }

  private signal(): void {
    const wake = this.wake
    this.wake = undefined
    wake?.()
  }
}
