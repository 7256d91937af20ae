/**
 * The postman-collection SDK, typed by the declarations it ships (an ambient module its package.json does not name).
 * It is CommonJS: loaded through `require` so its classes keep their declared types.
 */
// The declarations are an ambient `declare module`, which no import can bring in.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../node_modules/postman-collection/types/index.d.ts" />
import { createRequire } from 'node:module'
import type * as PostmanSdk from 'postman-collection'

export const sdk = createRequire(import.meta.url)('postman-collection') as typeof PostmanSdk
export type { PostmanSdk }

/** The members of one of the SDK's property lists (headers, form parameters), whose declarations leave them untyped. */
export function listOf<T>(list: unknown): T[] {
  return (list as { all(): T[] }).all()
}
