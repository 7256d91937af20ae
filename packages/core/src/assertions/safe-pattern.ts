/**
 * Guard for regular expressions that come from a workspace file or the page and run against response data.
 * JavaScript's backtracking engine can take minutes on a pattern like `(a+)+$` over 30 characters, and the
 * pattern arrives from a team's git, so a pattern is refused unless it looks linear, and its subject is bounded.
 */
import retModule, { types, type Root, type Token } from 'ret'

// `ret` sets `module.exports` to its tokenizer, so the default import is that function at run time (Node and the
// bundler), while its declarations under nodenext describe the module object.
const tokenize = retModule as unknown as (source: string) => Root

/** Longest pattern accepted; a real assertion fits easily, and long patterns hide blow-ups from review. */
export const MAX_PATTERN_LENGTH = 500
/** Longest text a pattern runs against; keeps even polynomial backtracking (`\s*\s*x`) in milliseconds. */
export const MAX_MATCH_SUBJECT_LENGTH = 10_000
/** Most quantifiers in one pattern, as in safe-regex2: many sequential `.*` backtrack polynomially. */
const MAX_QUANTIFIERS = 25

interface Walk {
  quantifiers: number
  /** Why the pattern is unsafe, once found. */
  unsafe?: 'nested' | 'alternatives' | 'quantifiers'
}

function branchesOf(token: { stack?: Token[]; options?: Token[][] }): Token[][] {
  return token.options ?? [token.stack ?? []]
}

/**
 * Star height as in safe-regex2 (the same `ret` parser), except that an optional part (`?`, `{0,1}`) does not
 * count as a repetition: `(\.\d+)?` is linear, and refusing it would refuse most real version or media-type
 * patterns. Also refuses alternatives inside a repeated group (`(a|a)*`), which star height does not see.
 */
function walk(token: Token, repeated: boolean, state: Walk): void {
  if (state.unsafe) return
  switch (token.type) {
    case types.REPETITION: {
      const repeats = token.max > 1
      if (repeats && repeated) state.unsafe = 'nested'
      if (++state.quantifiers > MAX_QUANTIFIERS) state.unsafe = 'quantifiers'
      walk(token.value, repeated || repeats, state)
      return
    }
    case types.GROUP:
      // Proving alternatives disjoint is beyond a heuristic, so any alternation under a repetition is refused.
      if (token.options && repeated) state.unsafe = 'alternatives'
      for (const branch of branchesOf(token)) for (const inner of branch) walk(inner, repeated, state)
      return
    case types.CHAR:
    case types.POSITION:
    case types.REFERENCE:
    case types.SET:
      return
  }
}

/**
 * Undefined when `source` is safe to run against response data, else why not and what to write instead.
 * Assumes `source` already compiles as a JavaScript regular expression.
 */
export function unsafePatternProblem(source: string): string | undefined {
  if (source.length > MAX_PATTERN_LENGTH) {
    return `is ${source.length} characters long; keep a pattern under ${MAX_PATTERN_LENGTH} characters`
  }
  const hint = 'rewrite it without nested quantifiers or repeated alternatives (e.g. "^a+$" instead of "^(a+)+$")'
  let root: Root
  try {
    root = tokenize(source)
  } catch {
    // Syntax the checker's parser does not know: refused, since nobody can vouch for it.
    return `/${source}/ could not be checked for catastrophic backtracking; ${hint}`
  }
  const state: Walk = { quantifiers: 0 }
  for (const branch of branchesOf(root)) for (const token of branch) walk(token, false, state)
  switch (state.unsafe) {
    case 'nested':
      return `/${source}/ could backtrack for minutes on some responses; ${hint}`
    case 'alternatives':
      return `/${source}/ repeats a group of alternatives, which can backtrack for minutes; ${hint}`
    case 'quantifiers':
      return `/${source}/ has more than ${MAX_QUANTIFIERS} quantifiers; ${hint}`
    case undefined:
      return undefined
  }
}

/**
 * Tests `source` against `subject` after the guard: refuses (throws nothing, returns a reason) rather than
 * running an unsafe pattern or an unbounded subject.
 */
export function guardedTest(source: string, subject: string): { matched: boolean } | { refused: string } {
  const problem = unsafePatternProblem(source)
  if (problem) return { refused: `pattern ${problem}` }
  if (subject.length > MAX_MATCH_SUBJECT_LENGTH) {
    return {
      refused: `the value is ${subject.length} characters, more than the ${MAX_MATCH_SUBJECT_LENGTH} a pattern is run against; assert on a narrower path or use "equals"`,
    }
  }
  return { matched: new RegExp(source).test(subject) }
}
