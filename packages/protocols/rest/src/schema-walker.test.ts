import { describe, expect, it } from 'vitest'
import type { FieldInfo } from '@wirebench/core'
import { fieldOf, methodOf, postDoc } from './operations.test-helpers.js'

function depthOf(field: FieldInfo): number {
  const nested = field.messageType?.fields ?? []
  return nested.length === 0 ? 0 : 1 + Math.max(...nested.map(depthOf))
}

describe('body field walking', () => {
  it('makes one body field per property, with required, description, example and enum', () => {
    const method = methodOf(
      postDoc({
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', description: 'The name', example: 'Rex' },
          status: { type: 'string', enum: ['available', 'sold'] },
          count: { type: 'integer', format: 'int64' },
          ratio: { type: 'number' },
          small: { type: 'integer' },
          ok: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' } },
        },
      }),
      'op',
    )
    const fields = method.inputType.fields
    expect(fields.map((f) => [f.name, f.source, f.type])).toEqual([
      ['id', 'path', 'string'],
      ['name', 'body', 'string'],
      ['status', 'body', 'enum'],
      ['count', 'body', 'int64'],
      ['ratio', 'body', 'double'],
      ['small', 'body', 'int32'],
      ['ok', 'body', 'bool'],
      ['tags', 'body', 'string'],
    ])
    expect(fieldOf(fields, 'name')).toMatchObject({
      required: true,
      label: 'required',
      description: 'The name',
      example: 'Rex',
    })
    expect(fieldOf(fields, 'status').enumValues).toEqual([
      { name: 'available', number: 0 },
      { name: 'sold', number: 1 },
    ])
    expect(fieldOf(fields, 'tags')).toMatchObject({ isRepeated: true, label: 'repeated' })
    expect(fields.map((f) => f.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(method.requestContentType).toBe('application/json')
  })

  it('renames a body property that clashes with a parameter to body.<name> with its wire name', () => {
    const method = methodOf(
      postDoc({ type: 'object', properties: { id: { type: 'string' }, x: { type: 'string' } } }),
      'op',
    )
    expect(fieldOf(method.inputType.fields, 'body.id')).toMatchObject({ wireName: 'id', source: 'body' })
  })

  it('walks nested objects and arrays of objects into messages, capped at depth 4', () => {
    const level = (n: number): unknown =>
      n === 0 ? { type: 'string' } : { type: 'object', properties: { leaf: { type: 'string' }, next: level(n - 1) } }
    const method = methodOf(
      postDoc({ type: 'object', properties: { root: level(6), list: { type: 'array', items: level(1) } } }),
      'op',
    )
    const root = fieldOf(method.inputType.fields, 'root')
    expect(root.type).toBe('message')
    expect(depthOf(root)).toBe(4)
    expect(method.inputType.truncated).toBeUndefined()
    let message = root.messageType
    for (let i = 1; i < 4; i++) message = fieldOf(message?.fields ?? [], 'next').messageType
    expect(message?.truncated).toBe(true)
    expect(fieldOf(message?.fields ?? [], 'next').type).toBe('json')
    const list = fieldOf(method.inputType.fields, 'list')
    expect(list).toMatchObject({ type: 'message', isRepeated: true })
  })

  it('cuts a cyclic $ref to a json field and marks the message truncated, without looping', () => {
    const schemas = {
      Node: {
        type: 'object',
        properties: {
          value: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          peer: { $ref: '#/components/schemas/Peer' },
        },
      },
      Peer: { type: 'object', properties: { back: { $ref: '#/components/schemas/Node' }, name: { type: 'string' } } },
    }
    const method = methodOf(postDoc({ $ref: '#/components/schemas/Node' }, schemas), 'op')
    const children = fieldOf(method.inputType.fields, 'children')
    expect(children).toMatchObject({ type: 'json', isRepeated: true })
    expect(method.inputType.truncated).toBe(true)
    const peer = fieldOf(method.inputType.fields, 'peer')
    expect(peer.messageType?.name).toBe('Peer')
    expect(fieldOf(peer.messageType?.fields ?? [], 'back').type).toBe('json')
    expect(peer.messageType?.truncated).toBe(true)
  })

  it('reuses a named message only where no outer cycle shaped it', () => {
    const schemas = {
      A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
      B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' }, n: { type: 'string' } } },
    }
    const method = methodOf(
      postDoc(
        {
          type: 'object',
          properties: { a: { $ref: '#/components/schemas/A' }, b: { $ref: '#/components/schemas/B' } },
        },
        schemas,
      ),
      'op',
    )
    // Under `a`, B's `a` is a cycle; under the top-level `b`, B's `a` expands once.
    const viaA = fieldOf(method.inputType.fields, 'a').messageType?.fields[0]?.messageType
    const direct = fieldOf(method.inputType.fields, 'b').messageType
    expect(fieldOf(viaA?.fields ?? [], 'a').type).toBe('json')
    expect(fieldOf(direct?.fields ?? [], 'a').type).toBe('message')
  })

  it('merges allOf and keeps a single-$ref allOf as the named schema', () => {
    const schemas = {
      Base: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      User: { type: 'object', properties: { login: { type: 'string' } } },
    }
    const body = {
      allOf: [
        { $ref: '#/components/schemas/Base' },
        { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      ],
      properties: { owner: { allOf: [{ $ref: '#/components/schemas/User' }], nullable: true, description: 'Owner' } },
    }
    const method = methodOf(postDoc(body, schemas), 'op')
    const fields = method.inputType.fields
    expect(fields.map((f) => f.name)).toEqual(['id', 'body.id', 'name', 'owner'])
    expect(fieldOf(fields, 'body.id').required).toBe(true)
    expect(fieldOf(fields, 'name').required).toBe(true)
    expect(fieldOf(fields, 'owner')).toMatchObject({ type: 'message', description: 'Owner' })
    expect(fieldOf(fields, 'owner').messageType?.name).toBe('User')
  })

  it('picks the object variant of oneOf/anyOf and folds same-typed scalars', () => {
    const schemas = {
      Card: { type: 'object', properties: { number: { type: 'string' } } },
      Bank: { type: 'object', properties: { iban: { type: 'string' } } },
    }
    const body = {
      type: 'object',
      properties: {
        address: {
          anyOf: [
            { type: 'object', properties: { city: { type: 'string' } } },
            { type: 'string', enum: [''] },
          ],
        },
        source: { oneOf: [{ $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Bank' }] },
        limit: { anyOf: [{ type: 'integer' }, { type: 'integer', format: 'int32' }] },
        either: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        maybe: { oneOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
        label: {
          oneOf: [{ type: 'string' }, { type: 'object', title: 'Label', properties: { name: { type: 'string' } } }],
        },
      },
    }
    const fields = methodOf(postDoc(body, schemas), 'op').inputType.fields
    expect(fieldOf(fields, 'address').messageType?.fields.map((f) => f.name)).toEqual(['city'])
    expect(fieldOf(fields, 'source').messageType?.name).toBe('Card')
    expect(fieldOf(fields, 'source').description).toBe('One of: Card | Bank')
    expect(fieldOf(fields, 'limit').type).toBe('int32')
    expect(fieldOf(fields, 'either')).toMatchObject({ type: 'json', description: 'One of: string | integer' })
    expect(fieldOf(fields, 'maybe')).toMatchObject({ type: 'string', format: 'date' })
    expect(fieldOf(fields, 'label')).toMatchObject({ type: 'json', description: 'One of: string | Label' })
    expect(fieldOf(fields, 'address').description).toBeUndefined()
  })

  it('makes an enum of oneOf/anyOf variants that each list their values (3.1 consts), labelled by their titles', () => {
    const body = {
      type: 'object',
      properties: {
        priority: {
          description: 'How urgent.',
          oneOf: [
            { const: 'low', title: 'Low' },
            { const: 'high', title: 'High', description: 'Today' },
          ],
        },
        status: { anyOf: [{ type: 'string', const: 'open' }, { enum: ['done', 'closed'] }, { type: 'null' }] },
        level: { oneOf: [{ const: 1 }, { const: 2 }] },
        version: { const: 'v2' },
        mixed: { oneOf: [{ const: 'a' }, { type: 'integer' }] },
      },
    }
    const fields = methodOf(postDoc(body), 'op').inputType.fields
    expect(fieldOf(fields, 'priority')).toMatchObject({
      type: 'enum',
      enumValues: [
        { name: 'low', number: 0 },
        { name: 'high', number: 1 },
      ],
      description: 'How urgent.\n\n"low": Low; "high": High',
    })
    expect(fieldOf(fields, 'status').enumValues?.map((v) => v.name)).toEqual(['open', 'done', 'closed'])
    expect(fieldOf(fields, 'status').description).toBeUndefined()
    expect(fieldOf(fields, 'level').enumValues?.map((v) => v.name)).toEqual(['1', '2'])
    expect(fieldOf(fields, 'version')).toMatchObject({ type: 'enum', enumValues: [{ name: 'v2', number: 0 }] })
    expect(fieldOf(fields, 'mixed')).toMatchObject({ type: 'json', description: 'One of: "a" | integer' })
  })

  it('names variants it cannot merge by title, values, type and format, never "any"', () => {
    const body = {
      type: 'object',
      properties: {
        when: {
          oneOf: [
            { type: 'string', format: 'date-time' },
            { type: 'integer', format: 'int64' },
          ],
        },
        tags: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }] },
        loose: { oneOf: [{ description: 'anything' }, { type: 'boolean' }] },
      },
    }
    const fields = methodOf(postDoc(body), 'op').inputType.fields
    expect(fieldOf(fields, 'when').description).toBe('One of: string (date-time) | integer (int64)')
    expect(fieldOf(fields, 'tags').description).toBe('One of: array of string | string')
    expect(fieldOf(fields, 'loose').description).toBe('One of: any value | boolean')
  })

  it('maps additionalProperties to map fields and binary strings to file inputs', () => {
    const body = {
      type: 'object',
      properties: {
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        nested: { type: 'object', additionalProperties: { type: 'object', properties: { v: { type: 'integer' } } } },
        free: { type: 'object' },
        file: { type: 'string', format: 'binary' },
        encoded: { type: 'string', format: 'byte' },
        id: { type: 'string', readOnly: true },
      },
    }
    const fields = methodOf(postDoc(body), 'op').inputType.fields
    expect(fieldOf(fields, 'labels')).toMatchObject({ isMap: true, mapKeyType: 'string', mapValueType: 'string' })
    expect(fieldOf(fields, 'nested')).toMatchObject({ isMap: true, mapValueType: 'message' })
    expect(fieldOf(fields, 'nested').messageType?.fields[0]?.name).toBe('v')
    expect(fieldOf(fields, 'free').type).toBe('json')
    expect(fieldOf(fields, 'file')).toMatchObject({ type: 'bytes', isBinary: true })
    expect(fieldOf(fields, 'encoded')).toMatchObject({ type: 'bytes', isBinary: false })
    // readOnly properties are not sent; `id` here is only the path parameter.
    expect(fields.filter((f) => f.name.endsWith('id')).map((f) => f.source)).toEqual(['path'])
  })

  it('makes a non-object body one field named body', () => {
    const method = methodOf(
      postDoc({ type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } }),
      'op',
    )
    expect(fieldOf(method.inputType.fields, 'body')).toMatchObject({
      source: 'body',
      isRepeated: true,
      type: 'message',
    })
  })

  it('survives self-referencing allOf and dangling or external refs', () => {
    const schemas = {
      Loop: { allOf: [{ $ref: '#/components/schemas/Loop' }, { properties: { a: { type: 'string' } } }] },
    }
    const body = {
      type: 'object',
      properties: {
        loop: { $ref: '#/components/schemas/Loop' },
        ext: { $ref: 'other.yaml#/X' },
        gone: { $ref: '#/nope' },
      },
    }
    const fields = methodOf(postDoc(body, schemas), 'op').inputType.fields
    expect(fieldOf(fields, 'loop').messageType?.fields.map((f) => f.name)).toEqual(['a'])
    expect(fieldOf(fields, 'ext')).toMatchObject({ type: 'json' })
    expect(fieldOf(fields, 'ext').description).toContain('not resolved')
    expect(fieldOf(fields, 'gone').type).toBe('json')
  })
})

describe('wire-model hygiene', () => {
  it('leaves out null examples and defaults (the wire model omits nulls)', () => {
    const body = {
      type: 'object',
      properties: {
        a: { type: 'string', nullable: true, example: null, default: null },
        b: { type: 'integer', default: 0 },
      },
    }
    const fields = methodOf(postDoc(body), 'op').inputType.fields
    expect(fieldOf(fields, 'a')).not.toHaveProperty('example')
    expect(fieldOf(fields, 'a')).not.toHaveProperty('defaultValue')
    expect(fieldOf(fields, 'b').defaultValue).toBe(0)
  })
})

describe('recursive maps', () => {
  it('cuts a map whose values are the schema itself instead of overflowing the stack', () => {
    const schemas = {
      Tree: { type: 'object', additionalProperties: { $ref: '#/components/schemas/Tree' } },
    }
    const body = { type: 'object', properties: { tree: { $ref: '#/components/schemas/Tree' } } }
    const method = methodOf(postDoc(body, schemas), 'op')
    const tree = fieldOf(method.inputType.fields, 'tree')
    expect(tree).toMatchObject({ isMap: true, mapValueType: 'json' })
    expect(method.inputType.truncated).toBe(true)
  })

  it('cuts a map of arrays of a recursive schema instead of overflowing the stack', () => {
    const schemas = {
      Forest: {
        type: 'object',
        additionalProperties: { type: 'array', items: { $ref: '#/components/schemas/Forest' } },
      },
    }
    const body = { type: 'object', properties: { forest: { $ref: '#/components/schemas/Forest' } } }
    const method = methodOf(postDoc(body, schemas), 'op')
    expect(fieldOf(method.inputType.fields, 'forest')).toMatchObject({ isMap: true, mapValueType: 'json' })
    expect(method.inputType.truncated).toBe(true)
  })
})
