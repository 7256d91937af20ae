/** Who an ID token names, for "connected as": read for display only (it came straight from the token endpoint). */

export function subjectOf(idToken: string | undefined): string | undefined {
  const payload = idToken?.split('.')[1]
  if (payload === undefined) return undefined
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
    for (const name of ['name', 'preferred_username', 'email', 'sub']) {
      const value = claims[name]
      if (typeof value === 'string' && value !== '') return value.slice(0, 200)
    }
  } catch {
    // Not a JWT: nothing to show.
  }
  return undefined
}
