/** The next step for a call that failed before the target answered, when the server's problem carries no hint. */
import type { Problem, WorkbenchErrorCode } from '@wirebench/core'

const hints: Partial<Record<WorkbenchErrorCode, string>> = {
  upstream_unreachable:
    'Check that the service is running, and that the Server field above points to it (host, port, http or https).',
  timeout: 'The target took too long to answer. Check that it is up, or try a smaller request.',
  blocked_target: "The workbench's outbound policy refuses this address.",
  upstream_invalid: 'Something answered, but not in HTTP. Check that the port belongs to this service.',
}

export function callProblemHint(problem: Problem): string | undefined {
  return problem.hint ?? hints[problem.code]
}
