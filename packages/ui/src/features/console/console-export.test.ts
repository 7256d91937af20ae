import { describe, expect, it } from 'vitest'
import { secretValuesOf } from '../response/secret-values.js'
import type { ConsoleEntry } from './console-entry.js'
import { consoleExportFilename, toConsoleNdjson } from './console-export.js'

const CANARY = 'canary-7f3e "quoted" & spaced'

const environment = {
  id: 'e1',
  name: 'Canary',
  vars: { apiToken: CANARY, region: 'eu' },
  auth: { type: 'none' },
} as unknown as Parameters<typeof secretValuesOf>[0]

const entries: ConsoleEntry[] = [
  {
    index: 0,
    kind: 'request',
    at: Date.UTC(2026, 0, 2, 3, 4, 5, 678),
    protocol: 'rest',
    method: 'echo.get',
    callId: 'u1',
    detail: { metadata: { 'x-canary': '${apiToken}' }, messages: [{ note: CANARY }] },
  },
  {
    index: 1,
    kind: 'response',
    at: Date.UTC(2026, 0, 2, 3, 4, 5, 700),
    protocol: 'rest',
    method: 'echo.get',
    callId: 'u1',
    status: '200 OK',
    durationMs: 21.98765,
    detail: {
      sent: {
        url: `http://127.0.0.1/echo?k=${encodeURIComponent(CANARY)}`,
        headers: [['x-canary', CANARY]],
        // The sent body is JSON text inside the entry: a secret in it is JSON-escaped twice on the exported line.
        body: JSON.stringify({ token: CANARY }),
      },
      response: { echoed: CANARY },
    },
  },
]

describe('console NDJSON export', () => {
  const secrets = secretValuesOf(environment, [])
  const text = toConsoleNdjson(entries, secrets)

  it('holds no secret value in any spelling: as is, JSON-escaped (once or twice) or URL-encoded', () => {
    expect(secrets.length).toBeGreaterThan(0)
    expect(text).not.toContain('canary-7f3e')
    expect(text).toContain('***')
  })

  it('is one JSON object a line with ISO times, kind, call, status and duration', () => {
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatchObject({ at: '2026-01-02T03:04:05.678Z', kind: 'request', protocol: 'rest', call: 'u1' })
    expect(lines[1]).toMatchObject({ kind: 'response', status: '200 OK', durationMs: 21.988 })
    // A reference is not a secret: the request as typed keeps it.
    expect((lines[0]?.detail as { metadata: Record<string, string> }).metadata['x-canary']).toBe('${apiToken}')
  })

  it('names the download after the time', () => {
    expect(consoleExportFilename(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe(
      'wirebench-console-2026-01-02T03-04-05.ndjson',
    )
  })
})
