/** Locates the built UI: `@wirebench/ui`'s dist folder, when that package is installed. */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export function defaultUiDir(): string | null {
  try {
    const require = createRequire(import.meta.url)
    return join(dirname(require.resolve('@wirebench/ui/package.json')), 'dist')
  } catch {
    return null
  }
}
