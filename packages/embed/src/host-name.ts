/** The name the UI shows for the host: the one the host gives, else its package's name, else the framework's. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export function hostName(given: string | undefined, framework: string): string {
  if (given !== undefined && given.trim() !== '') return given
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'))
    const name = typeof manifest === 'object' && manifest !== null ? (manifest as { name?: unknown }).name : undefined
    if (typeof name === 'string' && name !== '') return name
  } catch {
    // No package.json where the host runs: the framework's name will do.
  }
  return `${framework} app`
}
