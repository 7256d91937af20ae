import type { FieldInfo } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { field } from './field.test-helpers.js'
import { checkMessage, fieldProblems } from './value-check.js'

const priority = field({
  name: 'priority',
  type: 'enum',
  enumValues: ['LOW', 'MEDIUM', 'HIGH'].map((name, number) => ({ name, number })),
})
const point: FieldInfo = field({
  name: 'at',
  type: 'message',
  messageType: { name: 'Point', fullName: 'Point', fields: [field({ name: 'x', type: 'int32' })] },
})
const fields: FieldInfo[] = [
  field({ name: 'id', type: 'int32' }),
  field({ name: 'big', type: 'int64' }),
  field({ name: 'ratio', type: 'double' }),
  field({ name: 'on', type: 'bool' }),
  priority,
  field({ name: 'blob', type: 'bytes', isBinary: true }),
  field({ name: 'tags', type: 'int32', isRepeated: true, label: 'repeated' }),
  field({ name: 'scores', isMap: true, mapKeyType: 'string', mapValueType: 'double' }),
  field({ name: 'meta', type: 'json' }),
  point,
]

const draft = (value: Record<string, unknown>, flavor: 'json' | 'proto3' = 'json') =>
  checkMessage(fields, value, { flavor, stage: 'draft' }).problems
const sent = (value: Record<string, unknown>, written: Record<string, unknown>, flavor: 'json' | 'proto3' = 'json') =>
  checkMessage(fields, value, { flavor, stage: 'sent', written })

describe('checkMessage before sending', () => {
  it('accepts a ${…} template in every typed field, at any depth', () => {
    const templates = {
      id: '${n}',
      big: '${n}',
      ratio: '${r}',
      on: '${flag}',
      priority: '${level}',
      blob: '${bytes}',
      tags: ['${a}', 2],
      scores: { x: '${s}' },
      at: { x: '${x}' },
    }
    expect(draft(templates)).toEqual([])
    expect(draft(templates, 'proto3')).toEqual([])
    expect(draft({ tags: '${list}', at: '${point}' })).toEqual([])
  })

  it('names every value a field cannot hold, with what it expects', () => {
    expect(
      draft({ id: 'abc', ratio: 'fast', on: 'yes', priority: 'NOPE', tags: [1, 'x'], scores: 3, at: { x: 1.5 } }),
    ).toEqual([
      { path: 'id', message: '"abc" is not a whole number (int32)' },
      { path: 'ratio', message: '"fast" is not a number (double)' },
      { path: 'on', message: '"yes" is not true or false' },
      { path: 'priority', message: '"NOPE" is not one of LOW, MEDIUM, HIGH' },
      { path: 'tags[1]', message: '"x" is not a whole number (int32)' },
      { path: 'scores', message: '3 is not an object of entries (map<string, double>)' },
      { path: 'at.x', message: '1.5 is not a whole number (int32)' },
    ])
  })

  it('checks ranges, base64 for proto3 bytes, and leaves free JSON and unknown keys alone', () => {
    expect(draft({ id: 2 ** 31 })[0]?.message).toBe(
      '2147483648 is not a whole number from -2147483648 to 2147483647 (int32)',
    )
    expect(draft({ blob: 'not base64!' }, 'proto3')).toEqual([
      { path: 'blob', message: '"not base64!" is not base64 bytes' },
    ])
    expect(draft({ meta: 'plain text', extra: { any: 'thing' }, big: '9007199254740993' })).toEqual([])
  })

  it('accepts an escaped enum name as the text it sends', () => {
    const hostile = field({ name: 'kind', type: 'enum', enumValues: [{ name: '${canarySecret}', number: 0 }] })
    expect(checkMessage([hostile], { kind: '$${canarySecret}' }, { flavor: 'json', stage: 'draft' }).problems).toEqual(
      [],
    )
  })

  it('lists many allowed values only up to a readable length', () => {
    const many = field({
      name: 'code',
      type: 'enum',
      enumValues: Array.from({ length: 30 }, (_, i) => ({ name: `C${i}`, number: i })),
    })
    expect(fieldProblems(many, 'X', 'code', 'json')[0]?.message).toBe(
      '"X" is not one of C0, C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, C11, … (30 in all)',
    )
  })

  it('flags two members of one oneof', () => {
    const members = [field({ name: 'email', oneofName: 'contact' }), field({ name: 'phone', oneofName: 'contact' })]
    expect(checkMessage(members, { email: 'a', phone: 'b' }, { flavor: 'proto3', stage: 'draft' }).problems).toEqual([
      { path: 'contact', message: 'only one of email, phone may be set (they are the oneof contact)' },
    ])
  })
})

describe('checkMessage after substitution', () => {
  it('converts substituted text to the field types', () => {
    const written = { id: '${n}', big: '${n}', ratio: '${r}', on: '${flag}', tags: ['${n}'], at: '${point}' }
    const value = { id: '42', big: '42', ratio: '0.5', on: 'true', tags: ['7'], at: '{"x": "3"}' }
    expect(sent(value, written)).toEqual({
      value: { id: 42, big: 42, ratio: 0.5, on: true, tags: [7], at: { x: 3 } },
      problems: [],
    })
    expect(sent(value, written, 'proto3').value).toMatchObject({ big: '42', id: 42 })
  })

  it('names the template, not the value it gave (it may be a secret)', () => {
    const result = sent({ id: 'abc', priority: 'hush' }, { id: '${n}', priority: '${secret}' })
    expect(result.problems).toEqual([
      { path: 'id', message: '${n} does not give a whole number (int32) after substitution' },
      { path: 'priority', message: '${secret} does not give one of LOW, MEDIUM, HIGH after substitution' },
    ])
    expect(JSON.stringify(result.problems)).not.toContain('hush')
  })

  it('says when a variable is not defined', () => {
    expect(sent({ id: '${n}' }, { id: '${n}' }).problems).toEqual([
      {
        path: 'id',
        message: '${n} is not defined in the active environment (this field needs a whole number (int32))',
      },
    ])
  })
})
