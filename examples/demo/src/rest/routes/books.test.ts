import { describe, expect, it } from 'vitest'
import { apiKey, bearer, expectDocumented, useDemoApp } from '../demo-app.test-helpers.js'

const newBook = {
  title: 'Tides of Glass',
  isbn: '9781234567897',
  authorIds: ['au_1', 'au_3'],
  genre: 'fiction',
  tags: ['sea', 'new'],
  price: { amount: 23.5, currency: 'EUR' },
  publishedAt: '2024-05-01T00:00:00Z',
  stock: 4,
  dimensions: { widthMm: 140, heightMm: 216, pages: 320 },
  editions: [
    { format: 'hardcover', price: { amount: 29, currency: 'EUR' } },
    { format: 'ebook', price: { amount: 9.99, currency: 'EUR' } },
  ],
  categoryId: 'cat_1',
}

describe('Books', () => {
  const demo = useDemoApp()
  const get = (url: string, headers: Record<string, string> = {}) => demo.app.inject({ url: `/api/v1${url}`, headers })

  it('pages through the catalogue with a total count header', async () => {
    const response = await get('/books')
    expect(response.statusCode).toBe(200)
    const page = response.json()
    expect(page).toMatchObject({ total: 5000, limit: 20, offset: 0 })
    expect(page.items).toHaveLength(20)
    expect(response.headers['x-total-count']).toBe('5000')
    expectDocumented(response, 'get', '/books')
  })

  it('returns a large list of 5000 books in one call', async () => {
    const response = await get('/books?limit=5000')
    expect(response.json().items).toHaveLength(5000)
    expect(response.body.length).toBeGreaterThan(1_000_000)
    expectDocumented(response, 'get', '/books')
  })

  it('rejects a limit above the documented maximum with a 400 naming the parameter', async () => {
    const response = await get('/books?limit=5001')
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toEqual([{ location: 'query', path: '/limit', message: 'must be <= 5000' }])
    expectDocumented(response, 'get', '/books')
  })

  it('filters by repeated tags, requiring every tag', async () => {
    const both = (await get('/books?tag=classic&tag=sea')).json()
    expect(both.items.map((b: { id: number }) => b.id)).toEqual([1])
    const one = (await get('/books?tag=sea')).json()
    expect(one.items.map((b: { id: number }) => b.id)).toEqual([1, 2, 8])
  })

  it('filters by enum, rating, date-time and stock and sorts', async () => {
    const poetry = (await get('/books?genre=poetry&limit=1')).json()
    expect(poetry.items[0].genre).toBe('poetry')
    expect((await get('/books?genre=romance')).statusCode).toBe(400)
    const rated = (await get('/books?minRating=4')).json()
    expect(rated.items.map((b: { id: number }) => b.id)).toEqual([1])
    const recent = (await get('/books?publishedAfter=2022-12-31T00:00:00Z&q=porto')).json()
    expect(recent.items.map((b: { title: string }) => b.title)).toEqual(['Letters from Porto'])
    expect((await get('/books?publishedAfter=yesterday')).statusCode).toBe(400)
    const outOfStock = (await get('/books?inStock=false&limit=1')).json()
    expect(outOfStock.items[0].stock).toBe(0)
    const sorted = (await get('/books?sort=-title&q=the&limit=2')).json()
    expect(sorted.items[0].title.localeCompare(sorted.items[1].title)).toBeGreaterThan(0)
  })

  it('gets one book and echoes X-Request-Id', async () => {
    const response = await get('/books/1', { 'x-request-id': 'req-7' })
    expect(response.json()).toMatchObject({ id: 1, title: 'The Lighthouse Ledger', rating: 4.5 })
    expect(response.headers['x-request-id']).toBe('req-7')
    expectDocumented(response, 'get', '/books/{bookId}')
  })

  it('answers 404 for a missing book and 400 for a non-integer id', async () => {
    const missing = await get('/books/999999')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().code).toBe('not_found')
    expectDocumented(missing, 'get', '/books/{bookId}')
    const malformed = await get('/books/abc')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().details[0]).toMatchObject({ location: 'path', path: '/bookId' })
  })

  it('creates a book with nested objects and arrays of objects', async () => {
    const response = await demo.app.inject({ method: 'POST', url: '/api/v1/books', headers: bearer, payload: newBook })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ ...newBook, id: 5001, rating: null })
    expectDocumented(response, 'post', '/books')
    expect((await get('/books/5001')).statusCode).toBe(200)
  })

  it('answers 422 with every schema violation of the body', async () => {
    const { title: _title, ...untitled } = newBook
    const response = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/books',
      headers: bearer,
      payload: { ...untitled, genre: 'romance', editions: [{ format: 'scroll' }], extra: 1 },
    })
    expect(response.statusCode).toBe(422)
    const paths = response.json().details.map((d: { path: string }) => d.path)
    expect(paths).toEqual(
      expect.arrayContaining(['/title', '/genre', '/editions/0/format', '/editions/0/price', '/extra']),
    )
    expectDocumented(response, 'post', '/books')
  })

  it('answers 422 for an unknown author and 400 for malformed JSON', async () => {
    const unknown = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/books',
      headers: bearer,
      payload: { ...newBook, authorIds: ['au_99'] },
    })
    expect(unknown.json()).toMatchObject({ code: 'unknown_author' })
    const malformed = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/books',
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: '{"title":',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().code).toBe('bad_request')
  })

  it('patches some fields and refuses an empty patch', async () => {
    const patched = await demo.app.inject({
      method: 'PATCH',
      url: '/api/v1/books/2',
      headers: bearer,
      payload: { stock: 40, tags: ['sea', 'signed'] },
    })
    expect(patched.json()).toMatchObject({ id: 2, title: 'Salt and Signal', stock: 40, tags: ['sea', 'signed'] })
    expectDocumented(patched, 'patch', '/books/{bookId}')
    const empty = await demo.app.inject({ method: 'PATCH', url: '/api/v1/books/2', headers: bearer, payload: {} })
    expect(empty.statusCode).toBe(422)
  })

  it('deletes a book with the API key', async () => {
    const response = await demo.app.inject({ method: 'DELETE', url: '/api/v1/books/3', headers: apiKey })
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    expect((await get('/books/3')).statusCode).toBe(404)
  })

  it('keeps the deprecated search working', async () => {
    const response = await get('/books/search?q=lantern')
    expect(response.json().map((b: { id: number }) => b.id)).toEqual([6])
    expectDocumented(response, 'get', '/books/search')
    expect((await get('/books/search')).statusCode).toBe(400)
  })
})

describe('Authors', () => {
  const demo = useDemoApp()
  const get = (url: string) => demo.app.inject(`/api/v1${url}`)

  it('lists authors with derived book counts and filters by nationality', async () => {
    const all = await get('/authors')
    expect(all.json()).toHaveLength(6)
    expectDocumented(all, 'get', '/authors')
    const portuguese = (await get('/authors?nationality=PT')).json()
    expect(portuguese).toEqual([expect.objectContaining({ id: 'au_3', name: 'Inês Carvalho' })])
    expect(portuguese[0].bookCount).toBeGreaterThan(2)
  })

  it('gets an author, 404s an unknown one and 400s a malformed id', async () => {
    expectDocumented(await get('/authors/au_1'), 'get', '/authors/{authorId}')
    expect((await get('/authors/au_99')).statusCode).toBe(404)
    expect((await get('/authors/mira')).statusCode).toBe(400)
  })

  it('lists the books of one author', async () => {
    const response = await get('/authors/au_4/books')
    expect(
      response
        .json()
        .slice(0, 2)
        .map((b: { title: string }) => b.title),
    ).toEqual(['The Quiet Garden', 'Moonlit Lanterns'])
    expectDocumented(response, 'get', '/authors/{authorId}/books')
  })

  it('creates an author with nested links', async () => {
    const response = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/authors',
      headers: bearer,
      payload: { name: 'Lena Voss', nationality: 'DE', links: [{ network: 'bluesky', handle: 'lena.example' }] },
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ id: 'au_7', bookCount: 0 })
    expectDocumented(response, 'post', '/authors')
  })
})
