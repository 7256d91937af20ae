import { describe, expect, it } from 'vitest'
import { argumentText, argumentValue, parseNames } from './argument-names.js'

describe('named hub arguments', () => {
  it('reads names separated by commas', () => {
    expect(parseNames(' user, message ,,')).toEqual(['user', 'message'])
  })

  it('sends JSON when it parses and the text otherwise, and shows values back the same way', () => {
    expect(argumentValue('42')).toBe(42)
    expect(argumentValue('{"a":1}')).toEqual({ a: 1 })
    expect(argumentValue('ada')).toBe('ada')
    expect(argumentValue('"quoted"')).toBe('quoted')
    expect(argumentValue('  ')).toBeNull()
    expect(argumentText('ada')).toBe('ada')
    expect(argumentText({ a: 1 })).toBe('{"a":1}')
    expect(argumentText(undefined)).toBe('')
  })
})
