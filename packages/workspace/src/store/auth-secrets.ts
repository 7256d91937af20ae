/**
 * The rule that keeps secrets out of workspace files, on the server's write path (the UI's dialog checks it too, but
 * the API and the CLI reach the store without it): a secret field of a saved auth holds `${var}` references only.
 * Reading is not refused — a file someone committed with a literal is still listed — only writing one.
 */
import { secretFieldsOf } from '@wirebench/auth'
import type { AuthConfig } from '@wirebench/auth'
import { WorkbenchError } from '@wirebench/core'
import type { SavedAuth } from '@wirebench/core'

const onlyReferences = /^(\s*\$\{[A-Za-z_][\w.-]*\}\s*)*$/

export function assertNoLiteralSecret(auth: SavedAuth | undefined, what: string): void {
  if (auth?.mode !== 'own') return
  const config = auth.config as Record<string, unknown>
  for (const key of secretFieldsOf(auth.config as unknown as AuthConfig)) {
    const value = config[key]
    if (typeof value === 'string' && !onlyReferences.test(value)) {
      throw new WorkbenchError(
        'invalid_request',
        `The ${what}'s auth field "${key}" holds a literal secret; nothing was saved.`,
        {
          hint: `Write a \${variable} reference (for example \${${key}}) and keep its value in an environment, so it never lands in the workspace files.`,
        },
      )
    }
  }
}
