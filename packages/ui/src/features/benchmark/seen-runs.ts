/**
 * The server runs whose end this tab has shown, kept for the tab's life (sessionStorage survives a reload): after a
 * reload the Benchmark tab adopts the runs the server still holds for the method — one still going, one that ended
 * unseen — but not those the page already showed end, which it had let go before the reload too.
 */
const storageKey = 'wirebench.bench.seen'
/** The server keeps 16 finished runs; more ids than that name runs it has forgotten. */
const keep = 64

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

export function markRunSeen(id: string): void {
  const ids = read()
  if (ids.includes(id)) return
  try {
    sessionStorage.setItem(storageKey, JSON.stringify([...ids, id].slice(-keep)))
  } catch {
    // Storage full or refused: a reload then adopts the run again, which shows it once more and harms nothing.
  }
}

export function wasRunSeen(id: string): boolean {
  return read().includes(id)
}
