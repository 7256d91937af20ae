/**
 * Where the host's developer learns the workbench's address: printed once on the terminal (stderr), not the host's
 * log, since the fragment carries the session token (SECURITY.md: secrets never reach logs).
 */

export interface AnnounceOptions {
  /** Called with the workbench URL (with `#token=` when a token is required) instead of printing it; `false`: silent. */
  announce?: ((url: string) => void) | false
}

export function announceUrl(base: string, token: string | null, options: AnnounceOptions): void {
  if (options.announce === false) return
  const url = token === null ? base : `${base}#token=${token}`
  if (options.announce) options.announce(url)
  else process.stderr.write(`Wirebench is mounted at ${url}\n`)
}
