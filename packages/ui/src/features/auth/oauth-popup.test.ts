import { WorkbenchError } from '@wirebench/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { waitForAuthorization } from './oauth-popup.js'

const ORIGIN = 'http://localhost:5080'

/** The parts of `window` the popup flow touches: open(), message events and its own origin. */
class FakeView extends EventTarget {
  readonly location = { origin: ORIGIN }
  popup = { closed: false, close: vi.fn(() => void (this.popup.closed = true)) }
  opened: Array<{ url: string; name: string; features: string }> = []
  blockPopups = false

  open(url: string, name: string, features: string) {
    this.opened.push({ url, name, features })
    return this.blockPopups ? null : this.popup
  }

  post(data: unknown, options: { origin?: string; source?: unknown } = {}) {
    const event = new MessageEvent('message', { data, origin: options.origin ?? ORIGIN })
    Object.defineProperty(event, 'source', { value: options.source ?? this.popup })
    this.dispatchEvent(event)
  }
}

function start(view: FakeView, signal?: AbortSignal) {
  return waitForAuthorization({
    url: 'https://provider.test/auth?x=1',
    state: 'state-1',
    view: view as unknown as Window,
    ...(signal ? { signal } : {}),
  })
}

const answer = (extra: Record<string, unknown> = {}) => ({
  type: 'wirebench-oauth-callback',
  code: 'code-1',
  state: 'state-1',
  ...extra,
})

describe('authorization popup', () => {
  let view: FakeView
  beforeEach(() => {
    vi.useFakeTimers()
    view = new FakeView()
  })
  afterEach(() => vi.useRealTimers())

  it('opens the authorize URL in a named popup and resolves with the code from our callback page', async () => {
    const result = start(view)
    expect(view.opened).toEqual([
      { url: 'https://provider.test/auth?x=1', name: 'wirebench-oauth', features: 'popup,width=520,height=680' },
    ])
    view.post(answer())
    await expect(result).resolves.toEqual({ code: 'code-1', state: 'state-1' })
  })

  it('ignores messages from another origin, another window or of another type', async () => {
    const result = start(view)
    view.post(answer({ code: 'evil-origin' }), { origin: 'http://127.0.0.1:5080' })
    view.post(answer({ code: 'evil-window' }), { source: {} })
    view.post({ ...answer({ code: 'other' }), type: 'something-else' })
    view.post(answer())
    await expect(result).resolves.toEqual({ code: 'code-1', state: 'state-1' })
  })

  it('refuses an answer carrying another state', async () => {
    const result = start(view)
    view.post(answer({ state: 'state-2' }))
    await expect(result).rejects.toMatchObject({ code: 'forbidden', message: expect.stringContaining('state') })
  })

  it("reports the provider's error and description", async () => {
    const result = start(view)
    view.post({
      type: 'wirebench-oauth-callback',
      state: 'state-1',
      error: 'access_denied',
      errorDescription: 'user said no',
    })
    await expect(result).rejects.toThrow('The provider refused the sign-in: access_denied (user said no).')
  })

  it('says so when the popup is closed without an answer', async () => {
    const result = start(view)
    const outcome = result.catch((error: unknown) => error)
    view.popup.closed = true
    await vi.advanceTimersByTimeAsync(1_000)
    const error = await outcome
    expect(error).toBeInstanceOf(WorkbenchError)
    expect(error).toMatchObject({ code: 'cancelled', message: expect.stringContaining('closed before') })
  })

  it('still takes an answer that arrives right as the popup closes itself', async () => {
    const result = start(view)
    view.popup.closed = true
    await vi.advanceTimersByTimeAsync(400)
    view.post(answer())
    await expect(result).resolves.toEqual({ code: 'code-1', state: 'state-1' })
  })

  it('explains a blocked popup', async () => {
    view.blockPopups = true
    await expect(start(view)).rejects.toMatchObject({
      code: 'forbidden',
      hint: expect.stringContaining('Allow popups'),
    })
  })

  it('closes the popup when the sign-in is cancelled', async () => {
    const controller = new AbortController()
    const result = start(view, controller.signal)
    controller.abort()
    await expect(result).rejects.toMatchObject({ code: 'cancelled' })
    expect(view.popup.close).toHaveBeenCalled()
  })
})
