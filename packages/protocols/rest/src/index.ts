/** @wirebench/protocol-rest: the REST / OpenAPI protocol plugin. */
export { createRestPlugin } from './plugin.js'
export type { RestPluginOptions } from './types.js'
export type { HostRequest, HostResponse, RestHost } from './host.js'
