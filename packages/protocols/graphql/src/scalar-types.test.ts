import { describe, expect, it } from 'vitest'
import type { FieldInfo } from '@wirebench/core'
import { applyScalar } from './scalar-types.js'

const json = (): FieldInfo => ({
  name: 'f',
  number: 1,
  type: 'json',
  label: 'optional',
  isRepeated: false,
  isMap: false,
  required: false,
  isBinary: false,
})

describe('applyScalar', () => {
  it('types the built-in scalars, ID as a string with format id', () => {
    const types = ['String', 'ID', 'Int', 'Float', 'Boolean'].map((name) => {
      const field = json()
      applyScalar(field, name)
      return [field.type, field.format]
    })
    expect(types).toEqual([
      ['string', undefined],
      ['string', 'id'],
      ['int32', undefined],
      ['double', undefined],
      ['bool', undefined],
    ])
  })

  it('leaves a custom scalar json, named by its format', () => {
    const field = json()
    applyScalar(field, 'DateTime')
    expect([field.type, field.format]).toEqual(['json', 'DateTime'])
  })
})
