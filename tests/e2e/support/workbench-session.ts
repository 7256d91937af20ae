/**
 * The set-up most browser tests share: the real CLI, Debian's Chromium and one page open on the workbench, and
 * closing all three in the right order (browser first, so the page never sees the server go away mid-test).
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { launchChromium, newPage } from './browser.js'
import { startCli, type CliOptions, type RunningCli } from './cli.js'
import { openWorkbench } from './workbench-page.js'

export interface WorkbenchSession {
  cli: RunningCli
  browser: Browser
  page: Page
  /** Uncaught page errors and CSP violations (see `newPage`). */
  errors: string[]
  close(): Promise<void>
}

export interface WorkbenchSessionOptions {
  cli?: CliOptions
  /** Browser context options; the colour scheme defaults to dark. */
  context?: BrowserContextOptions
  /** Runs once the CLI is up and before the page opens (for example to save environments through the API). */
  beforeOpen?: (cli: RunningCli) => Promise<void>
}

export async function startWorkbenchSession(options: WorkbenchSessionOptions = {}): Promise<WorkbenchSession> {
  const cli = await startCli(options.cli)
  let browser: Browser | undefined
  try {
    await options.beforeOpen?.(cli)
    browser = await launchChromium()
    const { page, errors } = await newPage(browser, { colorScheme: 'dark', ...options.context })
    await openWorkbench(page, cli.openUrl)
    const opened = browser
    return {
      cli,
      browser: opened,
      page,
      errors,
      close: async () => {
        await opened.close()
        await cli.stop()
      },
    }
  } catch (error) {
    await browser?.close()
    await cli.stop()
    throw error
  }
}
