import { describe, expect, it } from 'vitest'
import { pointerRange } from './pointer-range.js'

const value = { a: 1, 'b/c': [true, { d: 'x' }, []], e: {}, f: null }
const text = JSON.stringify(value, null, 2)
const at = (pointer: string) => {
  const range = pointerRange(value, pointer)
  return range && text.slice(range.from, range.to)
}

describe('pointerRange', () => {
  it('finds members from their key, array items and the whole body in the pretty-printed text', () => {
    expect(at('')).toBe(text)
    expect(at('/a')).toBe('"a": 1')
    expect(at('/b~1c/1/d')).toBe('"d": "x"')
    expect(at('/b~1c/0')).toBe('true')
    expect(at('/b~1c/2')).toBe('[]')
    expect(at('/e')).toBe('"e": {}')
    expect(at('/f')).toBe('"f": null')
  })

  it('answers nothing for a pointer into nothing', () => {
    expect(pointerRange(value, '/missing')).toBeUndefined()
    expect(pointerRange(value, '/a/0')).toBeUndefined()
  })
})
