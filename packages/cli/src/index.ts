/** wirebench: the command line entry points, for programmatic use and tests. */
export { buildProgram, run } from './cli.js'
export { defaultConfigDir, isLoopbackBind, resolveFlags, UsageError } from './flags.js'
export type { RawFlags, StartOptions } from './flags.js'
export { renderBanner } from './banner.js'
