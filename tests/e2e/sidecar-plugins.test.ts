/**
 * Sidecar plugins in Chromium, through the real CLI in demo mode (which loads the Python example) with the MQTT
 * example added by --plugin-dir: the Python example's toy lab methods, a unary call and a server stream; the MQTT
 * subscribe stream in the live log while an independent client publishes to aedes; the Plugins panel.
 */
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { connectAsync } from 'mqtt'
import type { MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startToyServer, toyCatalog } from '@wirebench/demo'
import type { ToyServer } from '@wirebench/demo'
import { startAedes } from '../servers/mqtt/aedes-broker.js'
import type { AedesBroker } from '../servers/mqtt/aedes-broker.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import {
  closeEnvironmentEditor,
  createEnvironment,
  openEnvironmentEditor,
  setVariable,
} from './support/environments-page.js'
import { startCli, type RunningCli } from './support/cli.js'
import { liveFacts, pinTheme, setRequestJson, waitForLiveStatus } from './support/live-page.js'
import { field, fieldInput, openWorkbench, sendWithShortcut } from './support/workbench-page.js'
import { createTempDirs, faultManifest, faultSidecar } from '../servers/sidecar/plugin-dirs.js'
import type { TempDirs } from '../servers/sidecar/plugin-dirs.js'

const repoRoot = resolve(import.meta.dirname, '../..')
const SECRET = 'TOPSECRET-sidecar-5e1b'

/** A toy lab whose description asks the form to fill in an environment's secret. */
const hostileCatalog = toyCatalog.map((service) => ({
  ...service,
  methods: service.methods
    .filter((m) => m.name === 'Echo')
    .map((m) => ({
      ...m,
      input: [
        { name: 'text', type: 'string' as const, description: 'Try ${canarySecret}.', example: 'x-${canarySecret}' },
      ],
    })),
}))

describe.runIf(requireChromium())('sidecar plugins in the browser', () => {
  let broker: AedesBroker
  let hostile: ToyServer
  let peer: MqttClient
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]
  let dirs: TempDirs

  /** Opens a method found through the search box, at the origin it was discovered from (SSE has a subscribe too). */
  const openSidecarMethod = async (service: string, method: string, origin?: string) => {
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    await search.fill(method)
    const at = origin ? `[data-origin="${origin}"]` : ''
    await page.locator(`.sb-method[data-method="${method}"]${at}`).first().click({ timeout: 30_000 })
    await search.fill('')
    await page.locator('.request-pane .method-name', { hasText: method }).waitFor()
    expect(await page.locator('.request-pane .rest-path').textContent()).toContain(service)
  }

  beforeAll(async () => {
    broker = await startAedes()
    hostile = await startToyServer({ host: '127.0.0.1', catalog: hostileCatalog })
    peer = await connectAsync(broker.url, { protocolVersion: 4, reconnectPeriod: 0 })
    await peer.publishAsync('plant/line1/speed', '42', { qos: 1, retain: true })
    dirs = await createTempDirs()
    // A sidecar whose target refuses its credentials on every call.
    const refusing = await dirs.plugin({ program: faultSidecar, manifest: faultManifest('refuse-unauthorized') })
    cli = await startCli({ demo: true, pluginDirs: [join(repoRoot, 'examples/sidecars/mqtt'), refusing] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    // The broker is added the user's way, beside the demo's services.
    await page.getByRole('textbox', { name: 'Discovery URL to add' }).fill(broker.url)
    await page.keyboard.press('Enter')
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await peer?.endAsync()
    await broker?.close()
    await hostile?.close()
    await dirs?.remove()
  })

  it("lists the Python example's toy lab methods and answers a unary call", async () => {
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    for (const name of ['Hello', 'Echo', 'Sleep', 'Fail', 'Count', 'Sum', 'Shout']) {
      await search.fill(name)
      await page
        .locator(`.sb-method[data-method="${name}"][data-origin^="toy://"]`)
        .first()
        .waitFor({ timeout: 30_000 })
    }
    await search.fill('')
    await openSidecarMethod('toy.Lab', 'Hello')
    await field(page, 'name').waitFor()
    await fieldInput(page, 'name').fill('Chromium')
    const status = await sendWithShortcut(page)
    expect(await status.textContent()).toContain('OK')
    await expect.poll(() => page.locator('.response-pane').textContent()).toContain('Hello, Chromium!')
    await screenshot(page, 'sidecar-toy-unary-dark')
  })

  it('streams the toy lab Count method into the live log', async () => {
    await openSidecarMethod('toy.Lab', 'Count')
    await setRequestJson(page, { to: 25, intervalMs: 0 })
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['closed', 'error'])
    expect(await liveFacts(page)).toMatchObject({ status: 'closed', received: 25, seqGaps: 0, dropped: 0 })
  })

  it('shows the MQTT subscribe stream in the live log, retained message first, wildcards applied', async () => {
    await openSidecarMethod('mqtt', 'subscribe', broker.url)
    await setRequestJson(page, { topicFilter: 'plant/+/speed', qos: 1 })
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['open', 'streaming'], 20_000).catch(() => undefined)
    await expect.poll(async () => (await liveFacts(page)).received, { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
    await peer.publishAsync('plant/line2/speed', JSON.stringify({ rpm: 1200 }), { qos: 1 })
    await peer.publishAsync('plant/line2/temperature', '80', { qos: 1 })
    await peer.publishAsync('plant/line3/speed', '7', { qos: 1 })
    await expect.poll(async () => (await liveFacts(page)).received, { timeout: 20_000 }).toBeGreaterThanOrEqual(3)
    const log = (await page.locator('.live-log-scroll').textContent()) ?? ''
    expect(log).toContain('plant/line1/speed')
    expect(log).toContain('plant/line2/speed')
    expect(log).toContain('plant/line3/speed')
    expect(log).not.toContain('plant/line2/temperature')
    await screenshot(page, 'sidecar-mqtt-subscribe-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'sidecar-mqtt-subscribe-light')
    await pinTheme(page, 'dark')
    await page
      .getByRole('button', { name: /Cancel|Stop/ })
      .first()
      .click()
    await waitForLiveStatus(page, ['closed', 'error'])
  })

  it("keeps a sidecar's examples literal: Fill example never pulls an environment secret into the call", async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Sidecar secrets')
    await setVariable(page, 'canarySecret', SECRET)
    await closeEnvironmentEditor(page)
    const input = page.getByRole('textbox', { name: 'Discovery URL to add' })
    await input.fill(hostile.service.url)
    await input.press('Enter')
    await openSidecarMethod('toy.Lab', 'Echo', hostile.service.url)
    await page.getByRole('button', { name: 'Fill example' }).click()
    expect(await fieldInput(page, 'text').inputValue()).toBe('x-$${canarySecret}')
    const status = await sendWithShortcut(page)
    await screenshot(page, 'sidecar-literal-example-dark')
    expect(await status.textContent()).toContain('OK')
    const sent = hostile.calls.filter((c) => c.method === 'Lab/Echo')
    expect(sent.map((c) => c.body)).toEqual([{ text: 'x-${canarySecret}' }])
    expect(JSON.stringify(hostile.calls)).not.toContain(SECRET)
  })

  it("shows a sidecar target's 401 in the response pane and keeps the session", async () => {
    const input = page.getByRole('textbox', { name: 'Discovery URL to add' })
    await input.fill('fault://refusing')
    await input.press('Enter')
    await openSidecarMethod('fault', 'Call', 'fault://refusing')
    const status = await sendWithShortcut(page)
    await screenshot(page, 'sidecar-upstream-401-dark')
    expect(await status.textContent()).not.toContain('OK')
    await expect.poll(() => page.locator('.response-pane').textContent()).toContain('bad broker credentials')
    expect(await page.locator('.app').getAttribute('data-session')).toBe('ok')
    expect(await page.locator('.session-banner').count()).toBe(0)
    // The page still works: another call goes through.
    await openSidecarMethod('toy.Lab', 'Hello')
    expect(await (await sendWithShortcut(page)).textContent()).toContain('OK')
  })

  it('shows the Plugins panel: built-ins, both sidecars running, and restarts one', async () => {
    await page.getByRole('tab', { name: 'Plugins' }).click()
    const toy = page.locator('.plugin-card[data-plugin="toy"]')
    const mqtt = page.locator('.plugin-card[data-plugin="mqtt"]')
    await toy.waitFor()
    await expect.poll(() => toy.getAttribute('data-state')).toBe('running')
    await expect.poll(() => mqtt.getAttribute('data-state')).toBe('running')
    expect(await toy.locator('.plugin-facts').textContent()).toMatch(
      /dev\.wirebench\.example\.toy 1\.0\.0 · stdio · pid \d+ · ping .* · env WORKBENCH_\*$/,
    )
    expect(await page.locator('.plugin-card[data-plugin="rest"] .plugin-state').textContent()).toBe('built in')
    // The sidecar's own icon is drawn as an image (an SVG image runs no script).
    expect(await toy.locator('img.plugin-icon').getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    const pidBefore = /pid (\d+)/.exec((await toy.locator('.plugin-facts').textContent()) ?? '')?.[1]
    await toy.getByRole('button', { name: 'Restart Toy lab' }).click()
    await expect
      .poll(async () => /pid (\d+)/.exec((await toy.locator('.plugin-facts').textContent()) ?? '')?.[1])
      .not.toBe(pidBefore)
    await expect.poll(() => toy.getAttribute('data-state')).toBe('running')
    await toy.getByRole('button', { name: 'Details' }).click()
    await toy.locator('.plugin-details').waitFor()
    await screenshot(page, 'sidecar-plugins-panel-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'sidecar-plugins-panel-light')
    await page.setViewportSize({ width: 420, height: 860 })
    await page.getByRole('button', { name: 'Toggle the services sidebar' }).click()
    await page.waitForTimeout(300)
    await screenshot(page, 'sidecar-plugins-panel-420')
    await page.setViewportSize({ width: 1440, height: 900 })
    expect(pageErrors).toEqual([])
  })
})
