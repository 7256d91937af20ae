/**
 * Plausible sample values for a field the document gives no example for, chosen by its format, then by the words of
 * its name (`bookId` → an id, `createdAt` → a timestamp, `pageSize` → 10), then by its type.
 */
import type { FieldInfo } from '../model/wire.js'
import type { ExampleFlavor } from './example-flavor.js'
import { is64BitIntegerType, isIntegerType } from './field-kinds.js'

const TIMESTAMP = '2024-05-01T12:00:00Z'

/** JSON Schema formats and GraphQL scalar names (custom scalars arrive as `format`). */
const byFormat: Record<string, string> = {
  'date-time': TIMESTAMP,
  datetime: TIMESTAMP,
  date: '2024-05-01',
  time: '12:00:00',
  duration: 'P1D',
  email: 'ada@example.com',
  'idn-email': 'ada@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com',
  url: 'https://example.com',
  'uri-reference': 'https://example.com',
  iri: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
  byte: 'aGVsbG8=',
  password: 'correct-horse-battery',
  phone: '+1 555 0100',
  id: '1',
  int64: '1',
  uint64: '1',
}

type WordRow<A, B = never> = readonly [readonly string[], A, B?]

/** Words of a field name, lower case: `createdAt` → created, at; `page_size` → page, size. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase())
}

/** Text samples by a word of the name; the last word decides first (`authorName` is a name, `nameId` an id). */
const idRow: WordRow<string> = [['id', 'ids', 'uid'], '1']

const textByWord: readonly WordRow<string>[] = [
  idRow,
  [['uuid', 'guid'], byFormat['uuid']!],
  [['email', 'mail'], 'ada@example.com'],
  [['first', 'given'], 'Ada'],
  [['last', 'surname', 'family'], 'Lovelace'],
  [['username', 'login', 'handle', 'nick', 'nickname'], 'ada'],
  [['name', 'author', 'owner', 'customer', 'user'], 'Ada Lovelace'],
  [['title', 'subject', 'headline'], 'An example title'],
  [['description', 'summary', 'note', 'notes', 'comment', 'message', 'text', 'body', 'content', 'bio'], 'Example text'],
  [['url', 'uri', 'link', 'href', 'website', 'homepage', 'endpoint', 'callback'], 'https://example.com'],
  [['at', 'time', 'timestamp', 'created', 'updated', 'modified', 'since', 'until', 'expires'], TIMESTAMP],
  [['date', 'birthday', 'day'], '2024-05-01'],
  [['phone', 'mobile', 'tel', 'telephone'], '+1 555 0100'],
  [['city', 'town'], 'London'],
  [['country'], 'GB'],
  [['currency'], 'EUR'],
  [['language', 'lang', 'locale'], 'en'],
  [['zip', 'postal', 'postcode'], '94103'],
  [['address', 'street'], '1 Example Street'],
  [['color', 'colour'], '#3366ff'],
  [['password', 'passphrase'], 'correct-horse-battery'],
  [['token'], 'example-token'],
  [['slug'], 'example-slug'],
  [['host', 'hostname', 'domain'], 'example.com'],
  [['ip'], '192.0.2.10'],
  [['path'], '/example'],
  [['version'], '1.0.0'],
  [['isbn'], '978-0-306-40615-7'],
  [['hash', 'checksum', 'sha'], 'e3b0c44298fc1c149afbf4c8996fb924'],
]

/** [words, integer sample, floating-point sample (the integer one when absent)] */
const numberByWord: readonly WordRow<number, number>[] = [
  [['offset', 'skip'], 0],
  [['limit', 'size', 'count', 'max', 'first', 'last', 'top', 'take', 'per'], 10],
  [['page'], 1],
  [['age'], 30],
  [['year'], 2024],
  [['month'], 5],
  [['port'], 8080],
  [['lat', 'latitude'], 51, 51.5074],
  [['lon', 'lng', 'long', 'longitude'], 0, -0.1278],
  [['price', 'amount', 'cost', 'total', 'balance'], 10, 9.99],
  [['percent', 'percentage'], 50, 50],
  [['rating', 'score', 'stars'], 4, 4.5],
  [['quantity', 'qty'], 1],
]

function byWords<R extends WordRow<unknown, unknown>>(name: string, table: readonly R[]): R | undefined {
  for (const word of nameWords(name).reverse()) {
    const row = table.find(([names]) => names.includes(word))
    if (row) return row
  }
  return undefined
}

/**
 * A text sample by format, then by name. A string id is `1` in JSON APIs, which often carry numeric keys as strings
 * (`/books/1`); a proto string id is rarely a bare number (that would be an integer field), so proto3 gets a short
 * slug, `id-1`, which id rules such as "lower-case letters, digits and dashes, 3 to 32 characters" accept.
 */
export function textSample(field: Pick<FieldInfo, 'name' | 'format'>, flavor: ExampleFlavor = 'json'): string {
  const format = field.format?.toLowerCase()
  if (format && byFormat[format]) return byFormat[format]
  if (format && /date.?time|timestamp|instant/.test(format)) return TIMESTAMP
  const row = byWords(field.name, textByWord)
  if (row === idRow && flavor === 'proto3') return 'id-1'
  return row?.[1] ?? 'example'
}

/** A number sample by name and type; 64-bit integers as strings in proto3 JSON. */
export function numberSample(field: Pick<FieldInfo, 'name' | 'type'>, flavor: ExampleFlavor): number | string {
  const row = byWords(field.name, numberByWord)
  const value = isIntegerType(field.type) ? (row?.[1] ?? 1) : (row?.[2] ?? row?.[1] ?? 1.5)
  const unsigned = field.type.startsWith('u') || field.type.startsWith('fixed')
  const fitting = unsigned ? Math.abs(value) : value
  return flavor === 'proto3' && is64BitIntegerType(field.type) ? String(fitting) : fitting
}

export const wellKnownSamples = {
  timestamp: TIMESTAMP,
  duration: '60s',
  bytes: 'aGVsbG8=',
} as const
