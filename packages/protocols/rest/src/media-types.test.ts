import { describe, expect, it } from 'vitest'
import { bodyKindOf, chooseMediaType } from './media-types.js'

describe('request media types', () => {
  it('sorts media types into JSON, forms, text and binary', () => {
    expect(
      [
        'application/json',
        'application/merge-patch+json',
        'multipart/form-data',
        'application/x-www-form-urlencoded',
        'text/plain',
        'application/xml',
        'application/atom+xml',
        'application/yaml',
        'text/csv; charset=utf-8',
        'application/octet-stream',
        'image/png',
      ].map(bodyKindOf),
    ).toEqual(['json', 'json', 'multipart', 'urlencoded', 'text', 'text', 'text', 'text', 'text', 'binary', 'binary'])
  })

  it('chooses the declared type a Content-Type names, ignoring case and parameters', () => {
    const declared = ['application/json', 'application/xml', 'text/plain; charset=utf-8']
    expect(chooseMediaType(declared, 'Application/XML; charset=UTF-8')).toEqual({
      mediaType: 'application/xml',
      kind: 'text',
    })
    expect(chooseMediaType(declared, 'text/plain')).toEqual({ mediaType: 'text/plain; charset=utf-8', kind: 'text' })
    expect(chooseMediaType(declared, 'application/yaml')).toBeUndefined()
    expect(chooseMediaType(declared, undefined)).toBeUndefined()
    expect(chooseMediaType(declared, ' ')).toBeUndefined()
  })

  it('matches a declared wildcard with the type the header names', () => {
    expect(chooseMediaType(['image/*'], 'image/png')).toEqual({ mediaType: 'image/png', kind: 'binary' })
    expect(chooseMediaType(['*/*'], 'text/markdown')).toEqual({ mediaType: 'text/markdown', kind: 'text' })
    expect(chooseMediaType(['image/*'], 'text/plain')).toBeUndefined()
  })
})
