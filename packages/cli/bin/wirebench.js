#!/usr/bin/env node
// The `wirebench` command as npm links it. npm links bins at install time, before any build exists, so the link
// points at this committed file, which runs the built CLI or says how to build it.
import { existsSync } from 'node:fs'

const built = new URL('../dist/bin.js', import.meta.url)
if (existsSync(built)) {
  await import(built.href)
} else {
  process.stderr.write('wirebench: the CLI is not built yet. Run `npm run build` (or `npm start`) first.\n')
  process.exitCode = 1
}
