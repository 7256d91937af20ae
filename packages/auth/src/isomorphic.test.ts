import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The UI bundles this package for the browser: no file outside tests may import a Node built-in or use Buffer.
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    const isTestOnly = entry.name.endsWith('.test.ts') || entry.name.endsWith('.test-helpers.ts')
    return entry.name.endsWith('.ts') && !isTestOnly ? [path] : []
  })
}

describe('@wirebench/auth', () => {
  it('imports nothing from node:* or a Node built-in module, and never touches Buffer or process', () => {
    const builtins = new Set(builtinModules)
    const offenders: string[] = []
    const files = sourceFiles(import.meta.dirname)
    expect(files.length).toBeGreaterThan(20)
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]([^'"]+)['"]/g)) {
        const specifier = match[1] ?? ''
        if (specifier.startsWith('node:') || builtins.has(specifier.split('/')[0] ?? '')) {
          offenders.push(`${file}: ${specifier}`)
        }
      }
      if (/\bBuffer\.|\bprocess\./.test(text)) offenders.push(`${file}: Buffer or process`)
    }
    expect(offenders).toEqual([])
  })
})
