/** @wirebench/embed: the workbench inside a Fastify or Express app, reading the host's own routes. */
export { wirebench } from './fastify/plugin.js'
export type { EmbedOptions, FastifyEmbedOptions } from './options.js'
export { expressWorkbench } from './express/middleware.js'
export type { ExpressEmbedOptions, ExpressWorkbench } from './express/middleware.js'
