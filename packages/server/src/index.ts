/** @wirebench/server: the workbench as a Fastify plugin, and the standalone server the CLI runs. */
export { workbench } from './workbench.js'
export { createStandaloneServer } from './standalone.js'
export type { StandaloneOptions, StandaloneServer } from './standalone.js'
export { defaultLimits } from './options.js'
export type { WorkbenchLimits, WorkbenchOptions } from './options.js'
export { createSessionToken } from './security/token.js'
export { CONTENT_SECURITY_POLICY } from './security/headers.js'
export { isLoopbackHost } from './security/hosts.js'
