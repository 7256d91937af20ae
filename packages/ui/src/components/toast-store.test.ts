import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toasts } from './toast-store.js'

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    toasts.setState({ toast: null })
    vi.useRealTimers()
  })

  it('hides a toast after a while', () => {
    toasts.getState().show('Deleted.')
    vi.advanceTimersByTime(60_000)
    expect(toasts.getState().toast).toBeNull()
  })

  it('keeps a sticky offer until it is taken or dismissed', () => {
    const run = vi.fn()
    toasts
      .getState()
      .show('Keep the value in the environment?', { label: 'Put into environment', run }, { isSticky: true })
    vi.advanceTimersByTime(10 * 60_000)
    const toast = toasts.getState().toast
    expect(toast?.action?.label).toBe('Put into environment')
    toasts.getState().dismiss(toast!.id)
    expect(toasts.getState().toast).toBeNull()
  })
})
