import type { MethodInfo, ServiceInfo } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { buildCatalog } from '../../state/catalog.js'
import { buildSidebarRows, splitLabelTail } from './sidebar-rows.js'

const message = { name: 'M', fullName: 'M', fields: [] }
const method = (name: string, summary?: string): MethodInfo => ({
  name,
  fullName: name,
  clientStreaming: false,
  serverStreaming: false,
  methodType: 'Unary',
  inputType: message,
  outputType: message,
  httpMethod: 'GET',
  httpPath: `/${name}`,
  deprecated: false,
  ...(summary ? { summary } : {}),
})
const service = (originUrl: string, methods: MethodInfo[]): ServiceInfo => ({
  name: 'pets',
  package: '',
  methods,
  source: 'openapi',
  originUrl,
  isUploaded: false,
  protocol: 'rest',
  baseUrl: originUrl.replace(/\/openapi\.json$/, ''),
})
const catalog = buildCatalog({
  discovered: [
    {
      url: 'http://shop.test/openapi.json',
      services: [service('http://shop.test/openapi.json', [method('listPets', 'Every pet in the store')])],
    },
    { url: 'http://zoo.test/openapi.json', services: [service('http://zoo.test/openapi.json', [method('getAnimal')])] },
  ],
  uploaded: [],
})
const methodsFor = (query: string) =>
  buildSidebarRows(catalog, query, new Set()).flatMap((row) => (row.kind === 'method' ? [row] : []))

describe('buildSidebarRows search', () => {
  it('finds operations by the host they live on', () => {
    expect(methodsFor('zoo.test').map((row) => row.ref.method.name)).toEqual(['getAnimal'])
  })

  it('finds operations by their summary, and says which summary matched', () => {
    const rows = methodsFor('store')
    expect(rows.map((row) => [row.ref.method.name, row.summaryHit])).toEqual([['listPets', 'Every pet in the store']])
    // A match on the name alone shows no summary line.
    expect(methodsFor('listpets')[0]?.summaryHit).toBeUndefined()
  })
})

describe('buildSidebarRows ranking', () => {
  const ranked = buildCatalog({
    discovered: [
      {
        url: 'http://books.test/openapi.json',
        services: [
          service('http://books.test/openapi.json', [
            method('listAuthors', 'Every author'),
            method('addReview', 'Tells the subscribers'),
            method('authorStats'),
          ]),
        ],
      },
      {
        url: 'http://graph.test/openapi.json',
        services: [service('http://graph.test/openapi.json', [method('subscribe'), method('author')])],
      },
    ],
    uploaded: [],
  })
  const first = (query: string) =>
    buildSidebarRows(ranked, query, new Set()).flatMap((row) => (row.kind === 'method' ? [row.ref.method.name] : []))

  it('puts the exact name first, then a name prefix, then a name substring, then summary matches', () => {
    expect(first('author')).toEqual(['author', 'authorStats', 'listAuthors'])
    expect(first('subscribe')).toEqual(['subscribe', 'addReview'])
  })

  it('keeps the catalog order when not searching', () => {
    expect(first('')).toEqual(['listAuthors', 'addReview', 'authorStats', 'subscribe', 'author'])
  })
})

describe('splitLabelTail', () => {
  it('keeps the last segment, or the last two when the last is a parameter', () => {
    expect(splitLabelTail('/v1/customers/{customer}/tax_ids')).toEqual({
      head: '/v1/customers/{customer}',
      tail: '/tax_ids',
    })
    expect(splitLabelTail('/v1/customers/{customer}/tax_ids/{id}')).toEqual({
      head: '/v1/customers/{customer}',
      tail: '/tax_ids/{id}',
    })
  })

  it('leaves short labels and names without slashes whole', () => {
    expect(splitLabelTail('/books/{bookId}')).toEqual({ head: '/books/{bookId}', tail: '' })
    expect(splitLabelTail('bookshop.v1.BookService.GetBook')).toEqual({
      head: 'bookshop.v1.BookService.GetBook',
      tail: '',
    })
  })
})
