#!/usr/bin/env node
/** The `wirebench` executable. */
import { run } from './cli.js'

process.exitCode = await run(process.argv)
