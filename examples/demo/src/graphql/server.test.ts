import { createClient as createSseClient } from 'graphql-sse'
import { createClient as createWsClient } from 'graphql-ws'
import { connect } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { rawStatusLine } from '../raw-request.test-helpers.js'
import type { DemoServiceHandle } from '../service-handle.js'
import { startGraphqlDemo } from './server.js'

interface GraphqlResponse {
  data?: Record<string, unknown> | null
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[]
}

/** A ws WebSocket that sends the given headers on the upgrade, as the workbench does for auth. */
function webSocketWith(headers: Record<string, string>) {
  return class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers })
    }
  }
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const values: T[] = []
  for await (const value of iterable) values.push(value)
  return values
}

describe('GraphQL demo: the Bookshop', () => {
  let handle: DemoServiceHandle
  let url: string
  const post = async (
    query: string,
    variables?: object,
    headers: Record<string, string> = {},
  ): Promise<GraphqlResponse> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    })
    return (await response.json()) as GraphqlResponse
  }
  beforeEach(async () => {
    handle = await startGraphqlDemo({ host: '127.0.0.1', port: 0 })
    url = handle.service.url
  })
  afterEach(() => handle.close())

  it('describes itself with the /graphql URL on loopback', () => {
    expect(handle.service).toEqual({
      protocol: 'graphql',
      name: 'Bookshop (GraphQL)',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/),
    })
  })

  it('answers queries with enum arguments, nested input filters, sorting and paging', async () => {
    const result = await post(
      `query Fiction($filter: BookFilter) {
        books(filter: $filter, sort: TITLE, first: 3) { id title genre published inStock price { amount currency } authors { name } }
      }`,
      { filter: { genre: 'FICTION', anyOf: [{ text: 'ledger' }, { text: 'glass' }] } },
    )
    expect(result.errors).toBeUndefined()
    expect(result.data).toEqual({
      books: [
        {
          id: '11',
          title: 'The Glass Archive',
          genre: 'FICTION',
          published: '1987-04-01',
          inStock: true,
          price: { amount: 22.4, currency: 'EUR' },
          authors: [{ name: 'Samuel Adeyemi' }, { name: 'Mira Okafor' }],
        },
        {
          id: '1',
          title: 'The Lighthouse Ledger',
          genre: 'FICTION',
          published: '2009-04-01',
          inStock: true,
          price: { amount: 18.5, currency: 'EUR' },
          authors: [{ name: 'Mira Okafor' }],
        },
      ],
    })
  })

  it('resolves the SearchResult union with __typename', async () => {
    const result = await post(
      `{ search(text: "mira", first: 5) { __typename ... on Author { id name } ... on Book { id title } } }`,
    )
    expect(result.data?.['search']).toEqual([{ __typename: 'Author', id: 'au_1', name: 'Mira Okafor' }])
  })

  it('answers GET with a query, and a GET without one with a plain 400 (not an event stream)', async () => {
    const get = await fetch(`${url}?query=${encodeURIComponent('{ author(id: "au_2") { name } }')}`)
    expect(await get.json()).toEqual({ data: { author: { name: 'Tomas Lindqvist' } } })
    const bare = await fetch(url, { headers: { accept: 'text/event-stream' } })
    expect(bare.status).toBe(400)
    expect(bare.headers.get('content-type')).toBe('application/json')
  })

  it('refuses GETs, POSTs and graphql-ws upgrades from a web page of another origin or cross-site with 403', async () => {
    const get = (headers: Record<string, string>) =>
      fetch(`${url}?query=${encodeURIComponent('{ authors { id } }')}`, { headers })
    expect((await get({ origin: 'https://evil.example' })).status).toBe(403)
    // What an <img> on any page sends: no Origin, but Sec-Fetch-Site.
    expect((await get({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' })).status).toBe(403)
    expect(await post('{ authors { id } }', undefined, { origin: 'https://evil.example' })).toEqual({
      errors: [{ message: expect.stringContaining('requests from web pages') }],
    })
    expect((await get({ origin: new URL(url).origin })).status).toBe(200)
    const upgrade = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(url.replace('http:', 'ws:'), 'graphql-transport-ws', {
        headers: { origin: 'https://evil.example' },
      })
      socket.on('error', () => undefined)
      socket.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0)
        socket.terminate()
      })
      socket.once('open', () => reject(new Error('upgraded')))
    })
    expect(upgrade).toBe(403)
  })

  it('answers a target that is no valid path (GET //) with 400 and keeps serving', async () => {
    expect(await rawStatusLine(url, ['GET // HTTP/1.1'])).toBe('HTTP/1.1 400 Bad Request')
    expect(await post('{ authors { id } }')).toMatchObject({ data: { authors: expect.any(Array) } })
  })

  it('returns partial data with an error for the unknown id of a shelf', async () => {
    const result = await post(`{ shelf(ids: ["2", "424242"]) { id title } }`)
    expect(result.data).toEqual({ shelf: [{ id: '2', title: 'Salt and Signal' }, null] })
    expect(result.errors).toEqual([
      {
        message: 'Book 424242 does not exist.',
        locations: [{ line: 1, column: 3 }],
        path: ['shelf', 1],
        extensions: { code: 'NOT_FOUND', id: '424242' },
      },
    ])
  })

  it('adds a review by mutation and refuses a bad rating with BAD_USER_INPUT', async () => {
    const mutation = `mutation Add($input: ReviewInput!) { addReview(input: $input) { id rating reviewer recommend book { id rating } } }`
    const added = await post(mutation, { input: { bookId: '5', reviewer: 'Dee', rating: 4 } })
    expect(added.data?.['addReview']).toMatchObject({
      rating: 4,
      reviewer: 'Dee',
      recommend: true,
      book: { id: '5', rating: 4 },
    })
    const refused = await post(mutation, { input: { bookId: '5', reviewer: 'Dee', rating: 9 } })
    expect(refused.data).toBeNull()
    expect(refused.errors?.[0]).toMatchObject({
      message: 'rating is 1 to 5 stars.',
      extensions: { code: 'BAD_USER_INPUT' },
    })
  })

  it('restocks only with the demo bearer token', async () => {
    const mutation = `mutation { restock(bookId: "4", quantity: 5) { id stock inStock } }`
    const anonymous = await post(mutation)
    expect(anonymous.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED' })
    const signedIn = await post(mutation, undefined, { authorization: 'Bearer demo-token' })
    expect(signedIn.data).toEqual({ restock: { id: '4', stock: 5, inStock: true } })
  })

  it('validates the Date scalar and exposes it (with specifiedByURL) in introspection', async () => {
    const bad = await post(`query($d: Date) { books(filter: { publishedAfter: $d }, first: 1) { id } }`, {
      d: 'yesterday',
    })
    expect(bad.errors?.[0]?.message).toContain('Date must be a string like 2015-04-01')
    const schema = await post(`{
      __schema { queryType { name } mutationType { name } subscriptionType { name } }
      date: __type(name: "Date") { kind specifiedByURL }
      filter: __type(name: "BookFilter") { inputFields { name type { kind ofType { kind ofType { name } } } } }
    }`)
    expect(schema.data?.['__schema']).toEqual({
      queryType: { name: 'Query' },
      mutationType: { name: 'Mutation' },
      subscriptionType: { name: 'Subscription' },
    })
    expect(schema.data?.['date']).toEqual({ kind: 'SCALAR', specifiedByURL: expect.stringContaining('rfc3339') })
    const anyOf = (schema.data?.['filter'] as { inputFields: { name: string; type: unknown }[] }).inputFields.find(
      (field) => field.name === 'anyOf',
    )
    expect(anyOf?.type).toEqual({ kind: 'LIST', ofType: { kind: 'NON_NULL', ofType: { name: 'BookFilter' } } })
  })

  it('refuses operations nested deeper or longer than the limits, and oversized bodies', async () => {
    // books, then authors/books four times, then authors and id: 11 levels of fields.
    const deep = await post(`{ books(first: 1) { ${'authors { books { '.repeat(4)}authors { id${' }'.repeat(11)}`)
    expect(deep.errors?.[0]?.message).toContain('nests 11 levels; the demo allows 10')
    const many = await post(`{ ${'authors { id } '.repeat(1500)}}`)
    expect(many.errors?.[0]?.message).toMatch(/^Syntax Error: Document contains more tha[nt] 5000 tokens/) // (graphql 16 writes "that")
    const huge = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ authors { id } }`, variables: { pad: 'x'.repeat(300_000) } }),
    })
    expect(huge.status).toBe(413)
  })

  it('streams a subscription over graphql-ws on the same path until it completes', async () => {
    const client = createWsClient({ url: url.replace('http:', 'ws:'), webSocketImpl: WebSocket, retryAttempts: 0 })
    try {
      const results = await collect(client.iterate({ query: 'subscription { tick(every: 100, count: 3) { n last } }' }))
      expect(results).toEqual([
        { data: { tick: { n: 1, last: false } } },
        { data: { tick: { n: 2, last: false } } },
        { data: { tick: { n: 3, last: true } } },
      ])
    } finally {
      await client.dispose()
    }
  })

  it('delivers reviewAdded over graphql-ws, with the bearer token on the upgrade reaching resolvers', async () => {
    const client = createWsClient({
      url: url.replace('http:', 'ws:'),
      webSocketImpl: webSocketWith({ authorization: 'Bearer demo-token' }),
      retryAttempts: 0,
    })
    try {
      const reviews = client.iterate({ query: 'subscription { reviewAdded(bookId: "3") { reviewer rating } }' })
      const next = reviews.next()
      // The subscription is registered once the server acknowledges it; a restock over the socket proves auth.
      const restocked = await collect(
        client.iterate({ query: 'mutation { restock(bookId: "3", quantity: 1) { stock } }' }),
      )
      expect(restocked).toEqual([{ data: { restock: { stock: 8 } } }])
      const mutation = `mutation { a: addReview(input: { bookId: "2", reviewer: "Other", rating: 1 }) { id }
        b: addReview(input: { bookId: "3", reviewer: "Eli", rating: 5 }) { id } }`
      expect((await post(mutation)).errors).toBeUndefined()
      expect((await next).value).toEqual({ data: { reviewAdded: { reviewer: 'Eli', rating: 5 } } })
      await reviews.return?.()
    } finally {
      await client.dispose()
    }
  })

  it('streams a subscription over graphql-sse (distinct connections)', async () => {
    const client = createSseClient({ url, retryAttempts: 0 })
    try {
      const results = await collect(client.iterate({ query: 'subscription { tick(every: 100, count: 2) { n } }' }))
      expect(results).toEqual([{ data: { tick: { n: 1 } } }, { data: { tick: { n: 2 } } }])
    } finally {
      client.dispose()
    }
  })

  it('closes graphql-ws sockets and open subscriptions on close()', async () => {
    const socket = new WebSocket(url.replace('http:', 'ws:'), 'graphql-transport-ws')
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    await handle.close()
    expect(await closed).toBe(1001)
    await expect(fetch(url)).rejects.toThrow()
  })

  it('cuts a graphql-ws client that never answers the close frame instead of waiting for it on close()', async () => {
    const { hostname, port } = new URL(url)
    // A raw client: it completes the upgrade, then reads but never answers (a frozen tab, a suspended peer).
    const socket = connect(Number(port), hostname)
    socket.on('error', () => undefined)
    await new Promise((resolve) => socket.once('connect', resolve))
    const upgraded = new Promise<string>((resolve) => socket.once('data', (data) => resolve(String(data))))
    socket.write(
      [
        'GET /graphql HTTP/1.1',
        `Host: ${hostname}:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Protocol: graphql-transport-ws',
        '',
        '',
      ].join('\r\n'),
    )
    expect(await upgraded).toMatch(/^HTTP\/1\.1 101 /)
    socket.on('data', () => undefined)
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    // Resolving within the test timeout (well under ws's 30 s close timeout) is what this checks.
    await handle.close()
    await ended
  })
})
