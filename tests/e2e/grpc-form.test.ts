/** The gRPC request form writes canonical proto3 JSON: oneofs, int64 as strings, base64 bytes, Timestamp and Duration; a failed unary call shows its status and rich error details. */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireChromium, screenshot } from './support/browser.js'
import { pinTheme } from './support/live-page.js'
import { fieldInput, openMethod, sendWithShortcut } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

async function requestJson(page: Page): Promise<Record<string, unknown>> {
  await page.getByRole('tab', { name: 'JSON' }).click()
  const editor = page.locator('.raw-json .cm-content')
  await editor.waitFor()
  const value = JSON.parse((await editor.innerText()).replace(/\u00a0/g, ' ')) as Record<string, unknown>
  await page.getByRole('tab', { name: /Form/ }).click()
  return value
}

describe.runIf(requireChromium())('gRPC request form and unary response', () => {
  let session: WorkbenchSession
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    session = await startWorkbenchSession({ cli: { demo: true } })
    ;({ page, errors: pageErrors } = session)
    await openMethod(page, 'RegisterStation')
  })

  afterAll(async () => {
    await session?.close()
  })

  it('keeps one member of a oneof: choosing another clears the first', async () => {
    const which = page.getByRole('combobox', { name: 'station.power: which field is set' })
    await which.selectOption('solar')
    await fieldInput(page, 'station.solar.panelWatts').fill('120.5')
    expect((await requestJson(page)).station).toEqual({ solar: { panelWatts: 120.5 } })
    await which.selectOption('battery')
    await fieldInput(page, 'station.battery.percent').fill('80')
    await fieldInput(page, 'station.battery.remaining').fill('3600s')
    expect((await requestJson(page)).station).toEqual({ battery: { percent: 80, remaining: '3600s' } })
  })

  it('writes int64 as a string, bytes as base64, Timestamp as RFC 3339, and flags a malformed Duration', async () => {
    await fieldInput(page, 'station.totalReadings').fill('9007199254740993')
    await fieldInput(page, 'station.firmwareHash').fill('aGVsbG8=')
    await page.locator('[data-field-path="station.installedAt"]').getByRole('button', { name: 'Now' }).click()
    const interval = fieldInput(page, 'station.reportInterval')
    await interval.fill('5 minutes')
    expect(await interval.getAttribute('aria-invalid')).toBe('true')
    await interval.fill('300s')
    expect(await interval.getAttribute('aria-invalid')).toBeNull()
    await fieldInput(page, 'station.id').fill('Not Valid!')
    await fieldInput(page, 'station.status').selectOption('STATION_STATUS_ONLINE')
    const station = (await requestJson(page)).station as Record<string, unknown>
    expect(station).toMatchObject({
      totalReadings: '9007199254740993',
      firmwareHash: 'aGVsbG8=',
      reportInterval: '300s',
      id: 'Not Valid!',
      status: 'STATION_STATUS_ONLINE',
    })
    expect(station.installedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    await pinTheme(page, 'dark')
    await page.locator('[data-oneof="power"]').scrollIntoViewIfNeeded()
    await screenshot(page, 'grpc-form-dark')
  })

  it('shows a failed call with its gRPC status, code, message and rich error details', async () => {
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toBe('InvalidArgument (3)')
    expect(await page.locator('.grpc-status-message').textContent()).toBeTruthy()
    await page.getByRole('tab', { name: 'Error details' }).click()
    const details = page.locator('#response-panel .json-tree')
    await details.getByRole('button', { name: 'Expand all' }).click()
    await expect.poll(() => details.textContent()).toContain('station.id')
    expect(await details.textContent()).toContain('firmware_hash')
    await pinTheme(page, 'light')
    await screenshot(page, 'grpc-error-details-light')
    expect(pageErrors).toEqual([])
  })
})
