// UI bundle size: the gzipped JavaScript index.html loads on first view (entry + its static imports, not lazy chunks),
// as a ratio to the 400 KB gz budget. Named baseline: react + react-dom production bundled alone by the same Vite.
// Run after `npm run build -w @wirebench/ui`.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const here = dirname(fileURLToPath(import.meta.url))
const uiRoot = resolve(here, '../packages/ui')
const dist = join(uiRoot, 'dist')
const budgetKB = 400

if (!existsSync(join(dist, 'index.html'))) {
  console.error('ui-bundle: packages/ui/dist/index.html is missing; run `npm run build -w @wirebench/ui` first.')
  process.exit(1)
}

const gzipKB = (bytes) => gzipSync(bytes).length / 1024

/** Static imports of a built ES module (`import{a}from"./x.js"`, `import"./y.js"`); `import("…")` is lazy and skipped. */
function staticImports(code) {
  const found = []
  const pattern = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g
  for (const match of code.matchAll(pattern)) found.push(match[1])
  return found
}

function firstViewScripts(html) {
  const entries = []
  for (const match of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) entries.push(match[1])
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) entries.push(match[1])
  const seen = new Set()
  const queue = entries.map((src) => resolve(dist, src))
  while (queue.length) {
    const file = queue.shift()
    if (seen.has(file)) continue
    seen.add(file)
    for (const spec of staticImports(readFileSync(file, 'utf8'))) queue.push(resolve(dirname(file), spec))
  }
  return [...seen]
}

/** react + react-dom/client rendering one element, bundled for production: what any React UI ships at least. */
async function reactBaselineKB() {
  const { build } = await import('vite')
  const entryId = '\0wirebench-react-baseline'
  const output = await build({
    root: uiRoot,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    plugins: [
      {
        name: 'react-baseline-entry',
        resolveId: (id) => (id === 'react-baseline' ? entryId : null),
        load: (id) =>
          id === entryId
            ? `import { createElement } from 'react'\nimport { createRoot } from 'react-dom/client'\ncreateRoot(document.body).render(createElement('div'))\n`
            : null,
      },
    ],
    build: { write: false, minify: true, target: 'es2022', rollupOptions: { input: 'react-baseline' } },
  })
  const bundles = Array.isArray(output) ? output : [output]
  let total = 0
  for (const bundle of bundles)
    for (const chunk of bundle.output) if (chunk.type === 'chunk') total += gzipKB(Buffer.from(chunk.code))
  return total
}

const html = readFileSync(join(dist, 'index.html'), 'utf8')
const files = firstViewScripts(html)
const firstViewKB = files.reduce((sum, file) => sum + gzipKB(readFileSync(file)), 0)
const lazy = readdirJs(join(dist, 'assets')).filter((file) => !files.includes(file))

function readdirJs(dir) {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.js'))
        .map((name) => join(dir, name))
    : []
}

let baselineKB
try {
  baselineKB = await reactBaselineKB()
} catch (error) {
  console.warn(`  (react baseline unavailable: ${error instanceof Error ? error.message : error})`)
}

const kb = (value) => `${value.toFixed(1).padStart(7)} KB`
console.log('ui-bundle: first-view JavaScript, gzip (zlib default level)')
if (baselineKB !== undefined) console.log(`  baseline  react + react-dom production alone  ${kb(baselineKB)}`)
console.log(`  wirebench first view (${files.length} file${files.length === 1 ? '' : 's'})          ${kb(firstViewKB)}`)
if (baselineKB !== undefined) console.log(`  ratio vs react baseline ${(firstViewKB / baselineKB).toFixed(2)}x`)
console.log(
  `  ratio vs budget ${(firstViewKB / budgetKB).toFixed(2)}x of ${budgetKB} KB gz: ${firstViewKB <= budgetKB ? 'met' : 'NOT met'}`,
)
for (const file of lazy)
  console.log(`  lazy (not first view) ${file.slice(dist.length + 1).padEnd(40)} ${kb(gzipKB(readFileSync(file)))}`)
process.exit(firstViewKB <= budgetKB ? 0 : 1)
