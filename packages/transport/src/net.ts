/**
 * The undici-free part of @wirebench/transport: what a plugin that opens its own sockets (gRPC over node:http2) needs
 * — the guarded DNS lookup, per-call TLS, network-error mapping and credential masking — without loading undici and
 * the cookie stack, which cost a cold command-line call more than the call itself.
 */
export { createGuardedLookup, refusalReason } from './guarded-lookup.js'
export { callTls } from './tls/call-tls.js'
export type { CallTls, CallTlsOptions } from './tls/call-tls.js'
export { toNetworkError } from './network-errors.js'
export type { NetworkErrorContext } from './network-errors.js'
export { MASK, SENT_BODY_LIMIT_BYTES, describeSentRequest, isCredentialHeader } from './timing/sent-request.js'
export type { SentBody, SentRequestInput } from './timing/sent-request.js'
