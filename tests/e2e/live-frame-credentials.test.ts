/**
 * The first frame of a channel is built after the question about its host is answered. In real Chromium against the
 * real CLI and two `ws` servers that record every frame (127.0.0.1 and 127.0.0.2), the composer's first Send on a
 * closed channel connects, which asks whether the environment's credentials may go to that host: approved, frame 1
 * already carries the secret variable's value (it used to be built before the answer, without it); refused, no frame
 * ever carries it.
 */
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { requireChromium, screenshot } from './support/browser.js'
import { putEnvironments } from './support/environments-page.js'
import { openChannel, typeInComposer, waitForLiveStatus } from './support/live-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

const SECRET = 'CANARY-FRAME-5e1d'

interface FrameSpy {
  url: string
  frames: string[]
  close(): Promise<void>
}

async function startFrameSpy(host: string): Promise<FrameSpy> {
  const frames: string[] = []
  const server = new WebSocketServer({ host, port: 0 })
  server.on('connection', (socket) => socket.on('message', (data: Buffer) => frames.push(data.toString('utf8'))))
  await new Promise<void>((ready) => server.once('listening', ready))
  const { port } = server.address() as AddressInfo
  return {
    url: `ws://${host}:${port}/chat`,
    frames,
    close: () =>
      new Promise<void>((done) => {
        for (const client of server.clients) client.terminate()
        server.close(() => done())
      }),
  }
}

describe.runIf(requireChromium())('channel frames and the host question', () => {
  let approved: FrameSpy
  let refused: FrameSpy
  let session: WorkbenchSession
  let page: Page

  beforeAll(async () => {
    ;[approved, refused] = await Promise.all([startFrameSpy('127.0.0.1'), startFrameSpy('127.0.0.2')])
    session = await startWorkbenchSession({
      // Saved through the server's own route: discovery (a handshake) happens with no environment active.
      beforeOpen: async (cli) => {
        const saved = await putEnvironments(cli, {
          version: 1,
          environments: [
            { id: 'prod', name: 'Production', vars: { canaryToken: SECRET }, auth: { type: 'bearer', token: 't' } },
          ],
          activeEnvironmentId: null,
        })
        expect(saved.status).toBe(200)
      },
    })
    page = session.page
    const input = page.getByLabel('Discovery URL to add')
    for (const url of [approved.url, refused.url]) {
      await input.fill(url)
      await input.press('Enter')
      await page.locator(`.url-chip[data-url="${url}"] [data-status="ok"]`).waitFor({ timeout: 20_000 })
    }
    await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption('prod')
  }, 60_000)

  afterAll(async () => {
    await session?.close()
    await Promise.all([approved?.close(), refused?.close()])
  })

  /** Types a text frame and presses Send on a channel that is not connected yet; answers the host question. */
  async function firstFrame(url: string, answer: 'Send credentials' | 'Send without them'): Promise<void> {
    await openChannel(page, url)
    await typeInComposer(page, 'Text', 'frame ${canaryToken}')
    await page.keyboard.press('Control+Enter')
    const question = page.locator('dialog.host-question')
    await question.waitFor({ timeout: 10_000 })
    await screenshot(page, `live-frame-question-${answer === 'Send credentials' ? 'approve' : 'refuse'}-dark`)
    await question.getByRole('button', { name: answer }).click()
    await waitForLiveStatus(page, ['open'])
  }

  it('builds the first frame after the answer: approved, it carries the secret variable’s value', async () => {
    await firstFrame(approved.url, 'Send credentials')
    await expect.poll(() => approved.frames).toEqual([`frame ${SECRET}`])
  })

  it('refused, the first frame (and every later one) keeps the secret variable as written', async () => {
    await firstFrame(refused.url, 'Send without them')
    await expect.poll(() => refused.frames).toEqual(['frame ${canaryToken}'])
    await page.keyboard.press('Control+Enter')
    await expect.poll(() => refused.frames.length).toBe(2)
    expect(refused.frames.join('\n')).not.toContain(SECRET)
    expect(session.errors).toEqual([])
  })
})
