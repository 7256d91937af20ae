/** Reading and driving the GraphQL panes in browser tests: the operation editor, the field picker and the variables. */
import type { Locator, Page } from 'playwright-core'

export function operationEditor(page: Page): Locator {
  return page.locator('.gql-editor .cm-content')
}

/** The operation text as the editor shows it (CodeMirror renders spaces as non-breaking ones in places). */
export async function operationText(page: Page): Promise<string> {
  return (await operationEditor(page).innerText()).replace(/\u00a0/g, ' ')
}

/** Replaces the operation text the way a user would: select all, type. */
export async function setOperationText(page: Page, text: string): Promise<void> {
  const editor = operationEditor(page)
  await editor.click()
  await page.keyboard.press('Control+a')
  await page.keyboard.insertText(text)
}

/** The checkbox of a picker row, by its path below the root field (`owner/friend`, `...Shape/name`). */
export function pickerBox(page: Page, path: string): Locator {
  return page.locator(`.gql-picker-tree input[data-pick-key="${path}"]`)
}

/** Waits until the operation pane has the schema (loaded and built): picker, completion and validation are live. */
export async function waitForSchema(page: Page): Promise<void> {
  await page.locator('.gql-operation[data-schema="ready"]').waitFor({ timeout: 20_000 })
}

/** Sets the variables through the Variables tab's JSON editor, then returns to the Operation tab. */
export async function setVariables(page: Page, value: Record<string, unknown>): Promise<void> {
  await page.getByRole('tab', { name: /^Variables/ }).click()
  const editor = page.locator('.gql-variables .raw-json .cm-content')
  await editor.waitFor()
  await editor.click()
  await page.keyboard.press('Control+a')
  await page.keyboard.insertText(JSON.stringify(value))
  await page.locator('.gql-variables .raw-json-status', { hasText: 'In sync with the form' }).waitFor()
  await page.getByRole('tab', { name: 'Operation' }).click()
  await operationEditor(page).waitFor()
}
