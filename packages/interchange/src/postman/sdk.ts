/**
 * The postman-collection SDK, typed by the declarations it ships (an ambient module its package.json does not name).
 * It is CommonJS: loaded through `require` (synchronous, so it can wait for first use) with its declared types.
 */
// The declarations are an ambient `declare module`, which no import can bring in.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../node_modules/postman-collection/types/index.d.ts" />
import { createRequire } from 'node:module'
import type * as PostmanSdk from 'postman-collection'

let loaded: typeof PostmanSdk | undefined

/** The SDK, required on first use: it weighs ~0.3 s of loading, which a curl paste should not pay. */
export function postmanSdk(): typeof PostmanSdk {
  loaded ??= createRequire(import.meta.url)('postman-collection') as typeof PostmanSdk
  return loaded
}
export type { PostmanSdk }

/** The members of one of the SDK's property lists (headers, form parameters), whose declarations leave them untyped. */
export function listOf<T>(list: unknown): T[] {
  return (list as { all(): T[] }).all()
}
