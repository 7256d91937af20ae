import { describe, expect, it } from 'vitest'
import { evaluateAssertions } from './evaluate.js'
import { assertionsProblem } from './check-assertions.js'
import { MAX_MATCH_SUBJECT_LENGTH, guardedTest, unsafePatternProblem } from './safe-pattern.js'

describe('unsafePatternProblem', () => {
  it.each([
    '^W/',
    '^[0-9a-f]{8}-[0-9a-f]{4}$',
    '^(GET|POST)$',
    '^application/(json|xml)(;.*)?$',
    '\\d+\\.\\d+',
    '^v(\\d+)(\\.\\d+)?$',
    '(?<year>\\d{4})-\\d{2}',
    'a.*b',
  ])('accepts %s', (pattern) => {
    expect(unsafePatternProblem(pattern)).toBeUndefined()
  })

  it.each([
    '(a+)+$',
    '^(a*)*$',
    '(\\w+\\s?)*$',
    '^(([a-z])+.)+[A-Z]([a-z])+$',
    '(a|a)*$',
    '^(\\w|\\d)+$',
    '(x+x+)+y',
    'a'.repeat(501),
  ])('refuses %s', (pattern) => {
    expect(unsafePatternProblem(pattern)).toMatch(/rewrite it|keep a pattern under/)
  })

  it('names the pattern and what to do', () => {
    expect(unsafePatternProblem('(a+)+$')).toBe(
      '/(a+)+$/ could backtrack for minutes on some responses; rewrite it without nested quantifiers or repeated alternatives (e.g. "^a+$" instead of "^(a+)+$")',
    )
  })
})

describe('assertions with an unsafe pattern', () => {
  it('are refused where a workspace file is validated', () => {
    expect(assertionsProblem([{ type: 'json', path: 'name', matches: '(a+)+$' }])).toMatch(
      /^"assertions\[0\]": "matches" is refused: \/\(a\+\)\+\$\/ could backtrack/,
    )
  })

  it('fail without running the pattern against a response that would hang it', () => {
    const body = { name: `${'a'.repeat(40)}!` }
    const [result] = evaluateAssertions([{ type: 'json', path: 'name', matches: '(a+)+$' }], {
      status: 200,
      headers: {},
      body,
      durationMs: 1,
    })
    expect(result?.outcome).toBe('fail')
    expect(result?.message).toMatch(/could backtrack for minutes/)
  })

  it('bounds the text a safe pattern is run against', () => {
    expect(guardedTest('x$', 'a'.repeat(MAX_MATCH_SUBJECT_LENGTH + 1))).toEqual({
      refused: expect.stringContaining('assert on a narrower path') as string,
    })
    expect(guardedTest('a$', 'a'.repeat(MAX_MATCH_SUBJECT_LENGTH))).toEqual({ matched: true })
  })
})
