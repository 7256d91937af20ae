import { describe, expect, it } from 'vitest'
import { SharedSchemas } from './shared-schemas.js'

describe('SharedSchemas', () => {
  const author = { $id: 'author', type: 'object', properties: { name: { type: 'string' } } }

  it('rewrites references to shared schemas into the copy and leaves the host its own schema unchanged', () => {
    const shared = new SharedSchemas({ author })
    const tags = { type: 'array', items: { type: 'string' } }
    const body = { type: 'object', properties: { author: { $ref: 'author#' }, tags } }
    const routed = shared.route(body)
    expect(routed).toEqual({
      type: 'object',
      properties: {
        author: { $ref: '#/components/schemas/author' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    })
    expect(body.properties.author.$ref).toBe('author#')
    expect(shared.components['author']).toEqual({ type: 'object', properties: { name: { type: 'string' } } })
  })

  it('hands back the parts with nothing to rewrite as they are, without copying them', () => {
    const shared = new SharedSchemas({ author })
    const tags = { type: 'array', items: { type: 'string' } }
    const plain = { type: 'object', properties: { title: { type: 'string' } } }
    expect(shared.route(plain)).toBe(plain)
    const routed = shared.route({ type: 'object', properties: { author: { $ref: 'author#' }, tags } })
    expect((routed?.['properties'] as Record<string, unknown>)['tags']).toBe(tags)
  })

  it('leaves out nested $id and function values', () => {
    const shared = new SharedSchemas({})
    const routed = shared.route({ type: 'object', properties: { a: { $id: 'inner', type: 'string', check: () => 1 } } })
    expect(routed).toEqual({ type: 'object', properties: { a: { type: 'string', check: undefined } } })
  })
})
