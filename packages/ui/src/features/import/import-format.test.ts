import { describe, expect, it } from 'vitest'
import { detectFormat, inFolder } from './import-format.js'

describe('import format', () => {
  it('tells Postman, Insomnia, HAR and curl apart by their content', () => {
    const postman = {
      info: { schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [],
    }
    expect(detectFormat(JSON.stringify(postman))).toBe('postman')
    expect(detectFormat(JSON.stringify({ _type: 'export', __export_format: 4, resources: [] }))).toBe('insomnia')
    expect(detectFormat(JSON.stringify({ log: { version: '1.2', entries: [] } }))).toBe('har')
    expect(detectFormat("curl 'http://127.0.0.1/x' -H 'a: b'")).toBe('curl')
    expect(detectFormat('{"something": "else"}')).toBeUndefined()
    expect(detectFormat('not json')).toBeUndefined()
  })

  it('puts imported folders under the chosen one', () => {
    expect(inFolder('imported', 'Users/Admin')).toBe('imported/Users/Admin')
    expect(inFolder('', 'Users')).toBe('Users')
    expect(inFolder('/imported/', '')).toBe('imported')
  })
})
