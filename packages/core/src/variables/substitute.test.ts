import { describe, expect, it } from 'vitest'
import { escapeTemplate, escapeTemplatesDeep, referencedVariables, substitute, substituteDeep } from './substitute.js'

const fixedClock = {
  clock: () => 1_700_000_000_123,
  random: () => 42,
  uuid: () => '00000000-0000-4000-8000-000000000000',
}

describe('substitute', () => {
  it('replaces user variables from the first scope that defines them', () => {
    const result = substitute('${host}/v1/${id}', {
      scopes: [{ host: 'https://env' }, { host: 'https://ws', id: '7' }],
    })
    expect(result).toEqual({ value: 'https://env/v1/7', unknown: [] })
  })

  it('resolves every system variable from one clock reading', () => {
    const result = substitute('${now} ${now+3600} ${now-60} ${nowMs} ${timestamp} ${uuid} ${random}', {
      system: fixedClock,
    })
    expect(result.value).toBe(
      '1700000000 1700003600 1699999940 1700000000123 2023-11-14T22:13:20.123Z 00000000-0000-4000-8000-000000000000 42',
    )
  })

  it('lets system variables win over user variables of the same name', () => {
    expect(substitute('${now}', { scopes: [{ now: 'user' }], system: fixedClock }).value).toBe('1700000000')
  })

  it('produces a valid v4 uuid and a uint32 random by default', () => {
    const { value } = substitute('${uuid}|${random}')
    const [uuid, random] = value.split('|')
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(Number(random)).toBeGreaterThanOrEqual(0)
    expect(Number(random)).toBeLessThan(2 ** 32)
  })

  it('keeps unknown names visible and reports them once', () => {
    expect(substitute('a ${missing} b ${missing} ${ok}', { scopes: [{ ok: '1' }] })).toEqual({
      value: 'a ${missing} b ${missing} 1',
      unknown: ['missing'],
    })
  })

  it('treats $${ as an escape for a literal ${', () => {
    expect(substitute('$${name} and ${name}', { scopes: [{ name: 'x' }] }).value).toBe('${name} and x')
  })

  it('leaves unterminated and empty placeholders untouched', () => {
    expect(substitute('${open and ${} $5', { scopes: [{}] }).value).toBe('${open and ${} $5')
  })

  it('consults the extra resolver after the scopes (request chaining)', () => {
    const result = substitute('${response.id}', { resolve: (name) => (name === 'response.id' ? '9' : undefined) })
    expect(result.value).toBe('9')
  })

  it('does not treat a variable value as a template again', () => {
    expect(substitute('${a}', { scopes: [{ a: '${b}', b: 'no' }] }).value).toBe('${b}')
  })
})

describe('substituteDeep', () => {
  it('substitutes strings at any depth and leaves other values alone', () => {
    const input = { url: '${host}', list: ['${id}', 3, true, null], nested: { deep: 'x-${id}' } }
    const result = substituteDeep(input, { scopes: [{ host: 'h', id: '1' }] })
    expect(result.value).toEqual({ url: 'h', list: ['1', 3, true, null], nested: { deep: 'x-1' } })
    expect(input.url).toBe('${host}')
  })

  it('keeps every key as user data without polluting any prototype', () => {
    const input = JSON.parse(
      '{"__proto__": {"polluted": "${v}"}, "constructor": "Car", "prototype": "${v}", "ok": 1}',
    ) as Record<string, unknown>
    const { value } = substituteDeep(input, { scopes: [{ v: 'x' }] })
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor', 'prototype', 'ok'])
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(JSON.stringify(value)).toBe('{"__proto__":{"polluted":"x"},"constructor":"Car","prototype":"x","ok":1}')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('referencedVariables', () => {
  it('lists referenced names and skips escapes', () => {
    expect(referencedVariables('${a} $${b} ${ c } ${a}')).toEqual(['a', 'c'])
  })
})

describe('escapeTemplate', () => {
  it('makes a value literal: substitution gives back exactly the text, whatever the variables hold', () => {
    const scopes = [{ canarySecret: 'LEAKED', x: 'LEAKED' }]
    const texts = ['${canarySecret}', 'Bearer ${x}', '$${x}', '$$${x}', '${', '$', '${}', 'a$${b}c${', '${now}', '}${x']
    for (const text of texts) {
      const escaped = escapeTemplate(text)
      expect(substitute(escaped, { scopes }), text).toEqual({ value: text, unknown: [] })
      expect(referencedVariables(escaped), text).toEqual([])
    }
  })

  it("round-trips every short string over the engine's special characters", () => {
    const alphabet = ['$', '{', '}', 'x']
    const texts = ['']
    for (let length = 1; length <= 6; length++) {
      for (const text of texts.filter((t) => t.length === length - 1)) texts.push(...alphabet.map((c) => text + c))
    }
    for (const text of texts) {
      expect(substitute(escapeTemplate(text), { scopes: [{ x: 'LEAKED' }] }).value, text).toBe(text)
    }
  })

  it('escapes every string inside a JSON value and keeps keys and other values', () => {
    const input = JSON.parse('{"__proto__": {"a": "${s}"}, "list": ["${s}", 1, true, null], "k${s}": "v"}') as unknown
    const escaped = escapeTemplatesDeep(input)
    expect(JSON.stringify(escaped)).toBe('{"__proto__":{"a":"$${s}"},"list":["$${s}",1,true,null],"k${s}":"v"}')
    expect(Object.getPrototypeOf(escaped)).toBe(Object.prototype)
    expect(substituteDeep(escaped, { scopes: [{ s: 'LEAKED' }] }).value).toEqual(input)
  })
})
