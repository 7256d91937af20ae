/**
 * SignalR hubs follow the credential rules of every call, in real Chromium against the real CLI with `--demo` and two
 * spy hubs on other ports of 127.0.0.1 (OUR hub server, recording what each invocation carried): the demo hub (an
 * origin the workbench was started on) gets the environment's credentials without a question, a hub on another port
 * is asked about first and, refused, gets neither the bearer token nor a secret variable; the first message of an
 * upload or a connection (the form's) and the composer's first invocation are built after the question is answered,
 * so an approved hub gets the secret in them, and a connection opened by the composer's Send still starts with the
 * form's options.
 */
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHubServer } from '@wirebench/demo'
import type { HubDefinition, HubInvocationContext, HubServer } from '@wirebench/demo'
import { testHub } from '../servers/signalr/test-hubs.js'
import { requireChromium, screenshot } from './support/browser.js'
import { putEnvironments } from './support/environments-page.js'
import { setRequestJson, waitForLiveStatus } from './support/live-page.js'
import { sendWithShortcut } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

const PROD_TOKEN = 'PROD-TOKEN-HUB-31'
const SECRET = 'CANARY-HUB-9a4e'

interface Seen {
  args: unknown[]
  bearer: string | undefined
  accessTokenQuery: string | undefined
  protocol: string
}

interface SpyHub {
  server: HubServer
  url: string
  seen: Seen[]
  everything(): string
}

async function startSpyHub(): Promise<SpyHub> {
  const seen: Seen[] = []
  const note = ({ args, auth, protocol }: HubInvocationContext): void => {
    seen.push({ args, bearer: auth.bearer, accessTokenQuery: auth.accessTokenQuery, protocol })
  }
  const hub: HubDefinition = {
    methods: {
      ...testHub.methods,
      Record(context) {
        note(context)
        return 'recorded'
      },
      async RecordUpload(context) {
        note(context)
        let count = 0
        for await (const item of context.streams[0] ?? []) if (item !== undefined) count++
        return count
      },
    },
  }
  const server = await startHubServer({ hubs: [{ path: '/hubs/spy', hub }] })
  return { server, url: server.url('/hubs/spy'), seen, everything: () => JSON.stringify(seen) }
}

describe.runIf(requireChromium())('SignalR hubs and the credentials of an environment', () => {
  let refused: SpyHub
  let approved: SpyHub
  let composed: SpyHub
  let session: WorkbenchSession
  let demoHub: string
  let page: Page

  const openHubMethod = async (hubUrl: string, method: string): Promise<void> => {
    // The list is virtualized (the demo fills it): the search box brings the hub's row into the DOM.
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    await search.fill(method)
    const row = page.locator(`.sb-method[data-origin="${hubUrl}"][data-method="${method}"]`).first()
    await row.waitFor({ timeout: 30_000 })
    await row.click()
    await search.fill('')
    await page.locator('.request-pane .method-name', { hasText: method }).waitFor()
    await page.locator(`.request-pane[data-hub-method="${method}"]`).waitFor()
  }

  /** Replaces the message of one editor (the form's, or the composer's) through its JSON tab. */
  const setJsonIn = async (scope: Locator, value: unknown): Promise<void> => {
    await scope.getByRole('tab', { name: 'JSON' }).click()
    const editor = scope.locator('.raw-json .cm-content')
    await editor.waitFor()
    await editor.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.insertText(JSON.stringify(value))
    await scope.locator('.raw-json-status', { hasText: 'In sync with the form' }).waitFor()
  }

  const answer = async (host: string, choice: 'Send credentials' | 'Send without them'): Promise<void> => {
    const question = page.locator('dialog.host-question')
    await question.waitFor({ timeout: 10_000 })
    expect(await question.getAttribute('data-host')).toBe(host)
    await screenshot(page, `signalr-credentials-${choice === 'Send credentials' ? 'approve' : 'refuse'}-dark`)
    await question.getByRole('button', { name: choice }).click()
  }

  beforeAll(async () => {
    ;[refused, approved, composed] = await Promise.all([startSpyHub(), startSpyHub(), startSpyHub()])
    session = await startWorkbenchSession({
      cli: { demo: true },
      beforeOpen: async (cli) => {
        demoHub = cli.demoUrls.find((url) => url.endsWith('/hubs/chat')) ?? ''
        expect(demoHub).not.toBe('')
        const saved = await putEnvironments(cli, {
          version: 1,
          environments: [
            {
              id: 'prod',
              name: 'Production',
              vars: { prodToken: PROD_TOKEN, canaryToken: SECRET },
              auth: { type: 'bearer', token: '${prodToken}' },
            },
          ],
          activeEnvironmentId: null,
        })
        expect(saved.status).toBe(200)
      },
    })
    page = session.page
    const input = page.getByLabel('Discovery URL to add')
    for (const url of [refused.url, approved.url, composed.url]) {
      await input.fill(url)
      await input.press('Enter')
      await page.locator(`.url-chip[data-url="${url}"] [data-status="ok"]`).waitFor({ timeout: 30_000 })
    }
    await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption('prod')
  }, 90_000)

  afterAll(async () => {
    await session?.close()
    await Promise.all([refused?.server.close(), approved?.server.close(), composed?.server.close()])
  })

  it('invokes the demo hub (an origin the workbench was started on) with the credentials and no question', async () => {
    await openHubMethod(demoHub, 'invoke')
    await setRequestJson(page, { target: 'Echo', arguments: ['hello demo'] })
    const status = await sendWithShortcut(page)
    expect(await status.textContent()).toContain('Completed')
    expect(await page.locator('dialog.host-question').count()).toBe(0)
  })

  it('asks before a hub on another port of 127.0.0.1 gets them; refused, it gets no token and the secret as written', async () => {
    const host = new URL(refused.url).host
    await openHubMethod(refused.url, 'invoke')
    await setRequestJson(page, { target: 'Record', arguments: ['${canaryToken}'] })
    await page.keyboard.press('Control+Enter')
    await answer(host, 'Send without them')
    await expect.poll(() => refused.seen.length, { timeout: 20_000 }).toBe(1)
    expect(refused.seen[0]).toMatchObject({ args: ['${canaryToken}'], bearer: undefined, accessTokenQuery: undefined })
  })

  it('opens a connection from the composer with the form’s options first; refused, no frame carries a secret', async () => {
    await openHubMethod(refused.url, 'connection')
    // The connection's options (the request form) and an invocation in the composer, sent on the closed connection.
    await setJsonIn(page.locator('.hub-options'), { protocol: 'messagepack' })
    await setJsonIn(page.locator('.composer'), { target: 'Record', arguments: ['frame ${canaryToken}'] })
    await page
      .getByRole('toolbar', { name: 'Composer' })
      .getByRole('button', { name: 'Send', exact: false })
      .first()
      .click()
    await expect.poll(() => refused.seen.length, { timeout: 20_000 }).toBe(2)
    expect(refused.seen[1]).toMatchObject({
      args: ['frame ${canaryToken}'],
      bearer: undefined,
      protocol: 'messagepack',
    })
    expect(refused.everything()).not.toContain(SECRET)
    expect(refused.everything()).not.toContain(PROD_TOKEN)
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await waitForLiveStatus(page, ['closed', 'error'])
  })

  it('builds the composer’s first invocation after the question: approved, it carries the secret', async () => {
    await openHubMethod(composed.url, 'connection')
    await setJsonIn(page.locator('.hub-options'), { protocol: 'messagepack' })
    await setJsonIn(page.locator('.composer'), { target: 'Record', arguments: ['frame ${canaryToken}'] })
    await page
      .getByRole('toolbar', { name: 'Composer' })
      .getByRole('button', { name: 'Send', exact: false })
      .first()
      .click()
    await answer(new URL(composed.url).host, 'Send credentials')
    await expect.poll(() => composed.seen.length, { timeout: 20_000 }).toBe(1)
    expect(composed.seen[0]).toMatchObject({ args: [`frame ${SECRET}`], protocol: 'messagepack' })
    expect(composed.seen[0]?.bearer ?? composed.seen[0]?.accessTokenQuery).toBe(PROD_TOKEN)
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await waitForLiveStatus(page, ['closed', 'error'])
  })

  it('builds an upload’s invocation after the question: approved, the hub gets the secret and the token in it', async () => {
    const host = new URL(approved.url).host
    await openHubMethod(approved.url, 'upload')
    await setJsonIn(page.locator('.hub-options'), { target: 'RecordUpload', arguments: ['upload ${canaryToken}'] })
    await page.getByRole('button', { name: 'Start upload', exact: true }).click()
    await answer(host, 'Send credentials')
    await waitForLiveStatus(page, ['open'])
    await expect.poll(() => approved.seen.length, { timeout: 20_000 }).toBe(1)
    expect(approved.seen[0]?.args[0]).toBe(`upload ${SECRET}`)
    expect(approved.seen[0]?.bearer ?? approved.seen[0]?.accessTokenQuery).toBe(PROD_TOKEN)
    await page.getByRole('button', { name: 'Complete upload' }).click()
    await waitForLiveStatus(page, ['closed', 'error'])
    expect(session.errors).toEqual([])
  })
})
