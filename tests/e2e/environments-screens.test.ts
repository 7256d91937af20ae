/**
 * Screenshots of the environment dropdown, the variables editor and every auth type's panel in dark, light and at a
 * narrow width, plus what each panel's preview shows (JWT sign preview, token fetch failure) and the field rules.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import {
  authInput,
  chooseAuthType,
  closeEnvironmentEditor,
  createEnvironment,
  editor,
  openEnvironmentEditor,
  setVariable,
} from './support/environments-page.js'
import { openWorkbench } from './support/workbench-page.js'

const authTypes = [
  'none',
  'bearer',
  'basic',
  'apikey',
  'jwt',
  'oauth2_cc',
  'oauth2_ac',
  'custom_token',
  'aws_sigv4',
  'mtls',
]

const variants = [
  { name: 'dark', options: { colorScheme: 'dark' as const } },
  { name: 'light', options: { colorScheme: 'light' as const } },
  { name: 'narrow', options: { colorScheme: 'dark' as const, viewport: { width: 420, height: 860 } } },
]

describe.runIf(requireChromium())('environment and auth screens', () => {
  let cli: RunningCli
  let browser: Browser

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  for (const variant of variants) {
    describe(variant.name, () => {
      let page: Page
      let pageErrors: string[]

      beforeAll(async () => {
        ;({ page, errors: pageErrors } = await newPage(browser, variant.options))
        await openWorkbench(page, cli.openUrl)
        await openEnvironmentEditor(page)
        await createEnvironment(page, `Staging ${variant.name}`)
        await setVariable(page, 'apiToken', 's3cr3t-value')
        await setVariable(page, 'host', 'api.staging.example.com')
        await setVariable(page, 'tenant', '${org}-eu')
      })

      afterAll(async () => {
        await page?.context().close()
      })

      it('shows the variables editor with the secret masked and the unknown reference flagged', async () => {
        await editor(page)
          .getByRole('tab', { name: /Variables/ })
          .click()
        expect(await editor(page).getByLabel('Value of apiToken').getAttribute('type')).toBe('password')
        expect(await editor(page).getByLabel('Value of host').getAttribute('type')).toBe('text')
        expect(await editor(page).locator('.vars-row[data-variable="tenant"] .unknown-refs').textContent()).toContain(
          '${org}',
        )
        await screenshot(page, `environments-variables-${variant.name}`)
      })

      for (const type of authTypes) {
        it(`renders the ${type} panel from its declared fields`, async () => {
          await chooseAuthType(page, type)
          expect(await editor(page).locator('.auth-panel').getAttribute('data-auth-type')).toBe(type)
          await screenshot(page, `auth-${type}-${variant.name}`)
        })
      }

      it('keeps every tab label of the environment on one line', async () => {
        // The longest auth type name: at 420 px the tabs no longer fit one row.
        await chooseAuthType(page, 'aws_sigv4')
        const heights = await editor(page)
          .getByRole('tablist', { name: 'Environment parts' })
          .evaluate((list) =>
            [...list.querySelectorAll('[role="tab"]')].map((tab) => {
              const range = document.createRange()
              range.selectNodeContents(tab)
              const rects = [...range.getClientRects()].filter((rect) => rect.width > 0)
              return Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top))
            }),
          )
        expect(heights).toHaveLength(4)
        for (const height of heights) expect(height).toBeLessThan(26)
        await screenshot(page, `environments-tabs-${variant.name}`)
      })

      it('shows a signed JWT in the sign preview', async () => {
        await chooseAuthType(page, 'jwt')
        await authInput(page, 'secret').fill('${apiToken}')
        await editor(page).getByRole('button', { name: 'Sign preview' }).click()
        const token = editor(page).getByTestId('preview-token')
        await token.waitFor()
        expect(await token.textContent()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
        await token.scrollIntoViewIfNeeded()
        await screenshot(page, `auth-jwt-preview-${variant.name}`)
      })

      it('shows the proxy failure of a token fetch with its hint', async () => {
        await chooseAuthType(page, 'oauth2_cc')
        // Port 9 (discard) is closed on loopback: the proxy answers 502.
        await authInput(page, 'tokenUrl').fill('http://127.0.0.1:9/token')
        await authInput(page, 'clientId').fill('client')
        await editor(page).getByRole('button', { name: 'Fetch token' }).click()
        const failure = editor(page).locator('.auth-preview.is-error')
        await failure.waitFor({ timeout: 20_000 })
        expect(await failure.textContent()).toMatch(/The token request failed\. .*127\.0\.0\.1:9/)
        await failure.scrollIntoViewIfNeeded()
        await screenshot(page, `auth-oauth2_cc-error-${variant.name}`)
      })

      it('shows the lock badge in the top bar', async () => {
        await closeEnvironmentEditor(page)
        await page.locator('.env-switcher .env-lock').waitFor()
        await screenshot(page, `environments-topbar-${variant.name}`)
        expect(pageErrors).toEqual([])
      })
    })
  }
})
