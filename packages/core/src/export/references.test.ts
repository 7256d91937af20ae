import { describe, expect, it } from 'vitest'
import { createPlaceholderMask, createReferenceMask, maskDeep } from './references.js'

describe('createReferenceMask', () => {
  const mask = createReferenceMask([
    { name: 'TOKEN', value: 'a b+c/"d' },
    { name: 'host', value: 'api.example.test' },
  ])

  it('writes a value back as its reference in every spelling it takes in a request', () => {
    expect(mask('Bearer a b+c/"d')).toBe('Bearer ${TOKEN}')
    expect(mask('?t=a%20b%2Bc%2F%22d')).toBe('?t=${TOKEN}')
    expect(mask('t=a+b%2Bc%2F%22d')).toBe('t=${TOKEN}')
    expect(mask('{"t":"a b+c/\\"d"}')).toBe('{"t":"${TOKEN}"}')
    expect(mask('https://api.example.test/x')).toBe('https://${host}/x')
  })

  it('masks strings and keys inside messages', () => {
    expect(maskDeep({ list: ['a b+c/"d'], n: 1 }, mask)).toEqual({ list: ['${TOKEN}'], n: 1 })
  })

  it('lets the first reference to claim a value keep it', () => {
    const first = createReferenceMask([
      { name: 'TOKEN', value: 's3cret-value' },
      { name: 'token', value: 's3cret-value' },
    ])
    expect(first('x s3cret-value')).toBe('x ${TOKEN}')
  })
})

describe('createPlaceholderMask', () => {
  it('writes URL-safe words that restore to references', () => {
    const { mask, restore } = createPlaceholderMask([{ name: 'KEY', value: 'k/+=' }])
    const masked = mask('http://h/?key=k%2F%2B%3D')
    expect(masked).toMatch(/^http:\/\/h\/\?key=wbref0x[a-z0-9]+$/)
    expect(URL.canParse(masked)).toBe(true)
    expect(restore(masked)).toBe('http://h/?key=${KEY}')
  })
})

describe('a secret shorter than 4 characters', () => {
  const mask = createReferenceMask([{ name: 'PIN', value: 'ab' }])

  it('is written as its reference where it stands alone: a JSON string, a URL or form part, a header', () => {
    expect(mask('{"pin":"ab","note":"abc about ab","list":["ab"]}')).toBe(
      '{"pin":"${PIN}","note":"abc about ab","list":["${PIN}"]}',
    )
    expect(mask('https://api.ab.test/tabs/ab?pin=ab&q=abc#lab')).toBe(
      'https://api.ab.test/tabs/${PIN}?pin=${PIN}&q=abc#lab',
    )
    expect(mask('pin=ab&note=crab')).toBe('pin=${PIN}&note=crab')
    expect(mask('ab')).toBe('${PIN}')
    expect(mask('Bearer ab')).toBe('Bearer ${PIN}')
    expect(maskDeep({ pin: 'ab', note: 'a cab' }, mask)).toEqual({ pin: '${PIN}', note: 'a cab' })
  })

  it('is left alone inside other text, also through placeholder words', () => {
    const { mask: words, restore } = createPlaceholderMask([{ name: 'PIN', value: 'ab' }])
    const body = '{"pin":"ab","about":"tab lab abc"}'
    expect(restore(words(body))).toBe('{"pin":"${PIN}","about":"tab lab abc"}')
  })

  it('is written as its reference inside other text too when the request uses it (it must not leak in x-ab)', () => {
    const used = createReferenceMask([{ name: 'PIN', value: 'ab', isUsed: true }])
    expect(used('x-ab')).toBe('x-${PIN}')
    expect(used('{"code":"tok_ab"}')).toBe('{"code":"tok_${PIN}"}')
    const { mask: words, restore } = createPlaceholderMask([{ name: 'PIN', value: 'ab', isUsed: true }])
    expect(restore(words('Authorization: x-ab'))).toBe('Authorization: x-${PIN}')
  })
})
