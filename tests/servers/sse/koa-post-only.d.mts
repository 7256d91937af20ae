/** Types of `koa-post-only.mjs` (Koa and @koa/router ship no declarations of their own). */
export interface KoaPostOnlyApi {
  /** `http://127.0.0.1:port/messages` */
  url: string
  /** Requests received, as `METHOD /path`. */
  requests(): string[]
  /** Bodies of the POSTs it stored. */
  stored(): string[]
  close(): Promise<void>
}

export function startKoaPostOnlyApi(): Promise<KoaPostOnlyApi>
