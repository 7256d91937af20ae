import { describe, expect, it } from 'vitest'
import { apiKey, expectDocumented, useDemoApp } from '../demo-app.test-helpers.js'

interface Node {
  id: string
  name: string
  children: Node[]
}

const depth = (nodes: Node[]): number => (nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((n) => depth(n.children))))

describe('Categories', () => {
  const demo = useDemoApp()

  it('returns the recursive tree and cuts it at the requested depth', async () => {
    const full = await demo.app.inject('/api/v1/categories')
    expect(depth(full.json())).toBe(4)
    expectDocumented(full, 'get', '/categories')
    const shallow = await demo.app.inject('/api/v1/categories?depth=1')
    expect(depth(shallow.json())).toBe(1)
    expect((await demo.app.inject('/api/v1/categories?depth=11')).statusCode).toBe(400)
  })

  it('grafts a nested subtree under a parent and assigns ids at every level', async () => {
    const subtree = { name: 'Sea', children: [{ name: 'Sailing', children: [{ name: 'Navigation' }] }] }
    const response = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/categories?parentId=cat_7',
      headers: apiKey,
      payload: subtree,
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({
      id: 'cat_10',
      name: 'Sea',
      children: [{ id: 'cat_11', name: 'Sailing', children: [{ id: 'cat_12', name: 'Navigation', children: [] }] }],
    })
    expectDocumented(response, 'post', '/categories')
    const tree = (await demo.app.inject('/api/v1/categories')).json<Node[]>()
    expect(tree[1]?.children.map((c) => c.name)).toEqual(['Science', 'History', 'Sea'])
  })

  it('validates the recursive body at depth and 404s an unknown parent', async () => {
    const deepError = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: apiKey,
      payload: { name: 'A', children: [{ name: 'B', children: [{ description: 'no name' }] }] },
    })
    expect(deepError.statusCode).toBe(422)
    expect(deepError.json().details).toEqual([
      { location: 'body', path: '/children/0/children/0/name', message: "must have required property 'name'" },
    ])
    const orphan = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/categories?parentId=cat_99',
      headers: apiKey,
      payload: { name: 'X' },
    })
    expect(orphan.statusCode).toBe(404)
  })
})

describe('Reviews', () => {
  const demo = useDemoApp()

  it('stores a URL-encoded form review with coerced fields and updates the book rating', async () => {
    const response = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/books/2/reviews',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'reviewer=Dana&rating=3&recommend=false&title=Fine',
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ bookId: 2, reviewer: 'Dana', rating: 3, recommend: false, title: 'Fine' })
    expectDocumented(response, 'post', '/books/{bookId}/reviews')
    expect((await demo.app.inject('/api/v1/books/2')).json().rating).toBe(3)
  })

  it('accepts JSON too and rejects ratings out of range and other media types', async () => {
    const json = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/books/1/reviews',
      payload: { reviewer: 'Eve', rating: 2 },
    })
    expect(json.statusCode).toBe(201)
    expect((await demo.app.inject('/api/v1/books/1')).json().rating).toBe(3.67)
    const outOfRange = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/books/1/reviews',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'reviewer=Eve&rating=6',
    })
    expect(outOfRange.statusCode).toBe(422)
    const text = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/books/1/reviews',
      headers: { 'content-type': 'text/plain' },
      payload: 'great book',
    })
    expect(text.statusCode).toBe(415)
    expectDocumented(text, 'post', '/books/{bookId}/reviews')
  })

  it('lists reviews newest first, filters by rating and 404s an unknown book', async () => {
    const response = await demo.app.inject('/api/v1/books/1/reviews')
    expect(response.json().map((r: { id: number }) => r.id)).toEqual([2, 1])
    expectDocumented(response, 'get', '/books/{bookId}/reviews')
    expect((await demo.app.inject('/api/v1/books/1/reviews?minRating=5')).json()).toHaveLength(1)
    expect((await demo.app.inject('/api/v1/books/999999/reviews')).statusCode).toBe(404)
  })

  it('deletes a review with the API key and recomputes the rating', async () => {
    const response = await demo.app.inject({ method: 'DELETE', url: '/api/v1/reviews/3', headers: apiKey })
    expect(response.statusCode).toBe(204)
    expect((await demo.app.inject('/api/v1/books/3')).json().rating).toBeNull()
    const again = await demo.app.inject({ method: 'DELETE', url: '/api/v1/reviews/3', headers: apiKey })
    expect(again.statusCode).toBe(404)
  })
})
