import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { locateJsonError, parseJsonTemplate } from './json-template.js'

describe('locateJsonError', () => {
  it.each([
    ['{"a": 1}', undefined],
    ['[1, "x", true, null, {"b": -1.5e3}]', undefined],
    ['{"a": }', { position: 6, line: 1, column: 7 }],
    ['{"a": 1,}', { position: 8, line: 1, column: 9 }],
    ['{\n  "a": 1\n  "b": 2\n}', { position: 13, line: 3, column: 3 }],
    ["{'a': 1}", { position: 1, line: 1, column: 2 }],
    ['{"a": 1} x', { position: 9, line: 1, column: 10 }],
    ['{"a": "unterminated', { position: 19, line: 1, column: 20 }],
    ['', { position: 0, line: 1, column: 1 }],
  ])('locates the first error of %j', (text, expected) => {
    const found = locateJsonError(text)
    if (expected === undefined) expect(found).toBeUndefined()
    else expect(found).toMatchObject(expected)
  })

  it('agrees with JSON.parse on what is valid', () => {
    for (const text of ['1', '"x"', '{"a":[{}]}', '01', '1.', '"\\x"', '"\\u12"', 'tru', '{"a":1}}']) {
      let valid = true
      try {
        JSON.parse(text)
      } catch {
        valid = false
      }
      expect(locateJsonError(text) === undefined, text).toBe(valid)
    }
  })
})

describe('parseJsonTemplate', () => {
  it('throws a WorkbenchError naming the template and the position', () => {
    expect(() => parseJsonTemplate('{"a": x}', 'Request Headers (JSON)')).toThrow(WorkbenchError)
    expect(() => parseJsonTemplate('{"a": x}', 'Request Headers (JSON)')).toThrow(
      'Request Headers (JSON) is not valid JSON after substitution: unexpected "x" at line 1, column 7 (position 6).',
    )
  })
})
