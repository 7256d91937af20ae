/**
 * A saved request's assertions after `wirebench call --request`: each result on standard error (standard output keeps
 * the response alone), and the exit code they mean: 1 when one did not pass (`not-validated` proves nothing, so it
 * does not pass either). A completed call with a non-OK status passes only when a status assertion expects that status
 * (a request saved to expect a 404); a call that did not complete keeps its own code.
 */
import { assertionsPassed, evaluateAssertions } from '@wirebench/core'
import type { AssertionResult, AssertionSubject, SavedAssertion } from '@wirebench/core'
import { exitCodes } from '../exit-codes.js'
import type { ExitCode } from '../exit-codes.js'
import type { CliIo } from '../io.js'

const marks: Record<AssertionResult['outcome'], string> = {
  pass: 'passed',
  fail: 'FAILED',
  'not-validated': 'NOT VALIDATED',
}

export function reportAssertions(options: {
  path: string
  assertions: readonly SavedAssertion[]
  subject: AssertionSubject | undefined
  code: ExitCode
  io: CliIo
}): ExitCode {
  const { assertions, subject, code, io, path } = options
  if (assertions.length === 0) return code
  // Only a completed call (OK, or a non-OK status the assertions may expect) is judged by them.
  if (subject === undefined || (code !== exitCodes.ok && code !== exitCodes.notOk)) {
    io.err(`wirebench: ${path}: ${assertions.length} assertion(s) not checked: no response came back.\n`)
    return code === exitCodes.ok ? exitCodes.notOk : code
  }
  const results = evaluateAssertions(assertions, subject)
  for (const result of results) {
    io.err(`wirebench: ${path}: assertion ${marks[result.outcome]}: ${result.label} (${result.message})\n`)
  }
  const failed = results.filter((result) => result.outcome !== 'pass').length
  if (failed > 0) io.err(`wirebench: ${path}: ${failed} of ${results.length} assertions did not pass.\n`)
  if (!assertionsPassed(results)) return exitCodes.notOk
  // A non-OK status stays a failure unless a status assertion says which status the request expects.
  return code === exitCodes.notOk && !assertions.some((a) => a.type === 'status') ? exitCodes.notOk : exitCodes.ok
}
