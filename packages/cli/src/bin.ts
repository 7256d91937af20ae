#!/usr/bin/env node
/** The `wirebench` executable. */
import nodeModule from 'node:module'
import { stopQuietlyWhenPipeCloses } from './closed-pipe.js'
import { keepRunningOnUnhandledRejection } from './process-guard.js'

// Node ≥ 22.1 can keep compiled code on disk between runs, so a cold command compiles little of what it loads; older
// Nodes have no such API. It must be on before the command's modules load, hence the dynamic import below.
const { enableCompileCache } = nodeModule as { enableCompileCache?: () => unknown }
enableCompileCache?.()

keepRunningOnUnhandledRejection((line) => process.stderr.write(line))
stopQuietlyWhenPipeCloses(
  process.stdout,
  (code) => process.exit(code),
  (line) => process.stderr.write(line),
)

const { run } = await import('./cli.js')
process.exitCode = await run(process.argv)
