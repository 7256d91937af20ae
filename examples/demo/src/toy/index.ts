/** The toy lab: a tiny protocol of its own, spoken by the example sidecars (Python), and its starter. */
export { toyCatalog } from './catalog.js'
export type { ToyField, ToyKind, ToyMethod, ToyService } from './catalog.js'
export { startToyServer } from './server.js'
export type { ToyServer, ToyServerOptions } from './server.js'
