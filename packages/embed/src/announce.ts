/**
 * Where the host's developer learns the workbench's address: printed once on the terminal (stderr), not the host's
 * log, since the fragment carries the session token (SECURITY.md: secrets never reach logs).
 */

export interface AnnounceOptions {
  /**
   * Called with the workbench URL (with `#token=` when a token is required; Express: its path, the port is the
   * host's) instead of printing it; `false`: silent.
   */
  announce?: ((url: string) => void) | false
}

export function announceUrl(base: string, token: string | null, options: AnnounceOptions): void {
  if (options.announce === false) return
  const url = token === null ? base : `${base}#token=${token}`
  if (options.announce) options.announce(url)
  // A path (Express does not say where it listens) is told as one, with where to open it.
  else if (url.startsWith('/'))
    process.stderr.write(
      `Wirebench is mounted at ${url} on this app's own address: open http://localhost:<port>${url}\n`,
    )
  else process.stderr.write(`Wirebench is mounted at ${url}\n`)
}
