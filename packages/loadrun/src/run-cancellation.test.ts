import { describe, expect, it } from 'vitest'
import { cancellationOf } from './run-cancellation.js'

/** A run's signal that counts the listeners added to it. */
function countedSignal(): { controller: AbortController; added: () => number } {
  const controller = new AbortController()
  let added = 0
  const add = controller.signal.addEventListener.bind(controller.signal)
  controller.signal.addEventListener = (...args: Parameters<AbortSignal['addEventListener']>) => {
    added += 1
    add(...args)
  }
  return { controller, added: () => added }
}

describe('the cancellation of the calls of a run', () => {
  it('adds one listener to the run signal however many calls join and leave', () => {
    const { controller, added } = countedSignal()
    for (let i = 0; i < 1000; i += 1) {
      const leave = cancellationOf(controller.signal).onCancel(() => undefined)
      leave()
    }
    expect(added()).toBe(1)
  })

  it('tells the calls still in flight when the run stops, and only those', () => {
    const { controller } = countedSignal()
    const told: string[] = []
    const cancellation = cancellationOf(controller.signal)
    cancellation.onCancel(() => told.push('a'))
    const leaveB = cancellation.onCancel(() => told.push('b'))
    cancellation.onCancel(() => told.push('c'))
    leaveB()
    controller.abort()
    expect(told).toEqual(['a', 'c'])
    controller.abort()
    expect(told).toEqual(['a', 'c'])
  })

  it('tells a call that joins after the stop at once', () => {
    const controller = new AbortController()
    controller.abort()
    let told = 0
    cancellationOf(controller.signal).onCancel(() => (told += 1))
    expect(told).toBe(1)
  })

  it('keeps runs apart: stopping one tells nothing to the calls of another', () => {
    const one = new AbortController()
    const other = new AbortController()
    let told = 0
    cancellationOf(other.signal).onCancel(() => (told += 1))
    one.abort()
    expect(told).toBe(0)
  })
})
