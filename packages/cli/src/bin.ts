#!/usr/bin/env node
/** The `wirebench` executable. */
import { run } from './cli.js'
import { keepRunningOnUnhandledRejection } from './process-guard.js'

keepRunningOnUnhandledRejection((line) => process.stderr.write(line))

process.exitCode = await run(process.argv)
