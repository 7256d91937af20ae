/** Actions on the environment dropdown and the environments dialog that the environment and auth browser tests share. */
import type { Locator, Page } from 'playwright-core'
import { SESSION_TOKEN_HEADER } from '@wirebench/core'
import type { EnvironmentsDocument } from '@wirebench/auth'
import type { RunningCli } from './cli.js'

export function editor(page: Page): Locator {
  return page.locator('dialog.env-editor')
}

export function lockBadge(page: Page): Locator {
  return page.locator('.env-switcher .env-lock')
}

export async function openEnvironmentEditor(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Edit environments' }).click()
  await editor(page).waitFor()
}

/** Closes the dialog and waits until every edit reached the server. */
export async function closeEnvironmentEditor(page: Page): Promise<void> {
  await editor(page).getByRole('button', { name: 'Close the environments editor' }).click()
  await editor(page).waitFor({ state: 'detached' })
}

/** Adds an environment (it becomes active) and names it. */
export async function createEnvironment(page: Page, name: string): Promise<void> {
  await editor(page).locator('.env-new').first().click()
  const nameInput = editor(page).getByLabel('Environment name')
  await nameInput.fill(name)
  await nameInput.blur()
  await editor(page).locator('.env-list-item[aria-current="true"]', { hasText: name }).waitFor()
}

/** Adds a variable row on the Variables tab, or updates the row of that name. */
export async function setVariable(page: Page, name: string, value: string): Promise<void> {
  await editor(page)
    .getByRole('tab', { name: /Variables/ })
    .click()
  const existing = editor(page).locator(`.vars-row[data-variable="${name}"]`)
  if ((await existing.count()) === 0) {
    await editor(page).getByRole('button', { name: 'Add variable' }).click()
    await editor(page).getByLabel('Variable name').last().fill(name)
  }
  await editor(page).getByLabel(`Value of ${name}`).fill(value)
}

/** Picks the auth type by its id (`bearer`) or its label (`Bearer Token`). */
export async function chooseAuthType(page: Page, typeOrLabel: string): Promise<void> {
  await editor(page).getByRole('tab', { name: /Auth/ }).click()
  await editor(page).locator('.auth-type-select').selectOption(typeOrLabel)
}

/** The input (or textarea/select) of one auth field, by its config key. */
export function authInput(page: Page, key: string): Locator {
  return editor(page).locator(`[data-auth-field="${key}"]`).locator('input, textarea, select').first()
}

/** The session token the CLI printed in the URL it opens (`#token=…`): what the page sends with every API call. */
export function sessionToken(cli: RunningCli): string {
  return new URL(cli.openUrl).hash.replace(/^#token=/, '')
}

/**
 * Saves an environments document through the server's own token-gated route, as the page does (for example before
 * the page opens, so discovery runs with it in place); the caller checks the answer's status.
 */
export async function putEnvironments(
  cli: RunningCli,
  // Any stored version: the server migrates an older document as it would one read from disk.
  document: Omit<EnvironmentsDocument, 'version'> & { version: number },
): Promise<Response> {
  return fetch(`${cli.origin}/api/environments`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', [SESSION_TOKEN_HEADER]: sessionToken(cli) },
    body: JSON.stringify({ document }),
  })
}

/** What the server stored, read through the same token-gated route the UI uses. */
export async function savedEnvironments(
  cli: RunningCli,
): Promise<{ document: EnvironmentsDocument; revision: string }> {
  const response = await fetch(`${cli.origin}/api/environments`, {
    headers: { [SESSION_TOKEN_HEADER]: sessionToken(cli) },
  })
  if (!response.ok) throw new Error(`GET /api/environments answered ${response.status}`)
  return (await response.json()) as { document: EnvironmentsDocument; revision: string }
}
