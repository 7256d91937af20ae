/**
 * What `wirebench bench` does when a flag is left out: shared by the flag parser and the help text, so the help states
 * the defaults the command really uses. Kept apart from the parser, which loads the runner.
 */
export const benchDefaults = {
  /** Closed loop without -n or --duration: this many measured calls. */
  calls: 200,
  /** Closed loop without -c: one caller. */
  closedConcurrency: 1,
  /** Open loop without --duration: this many seconds. */
  openDurationS: 10,
  /** Open loop without -c: at most this many calls in flight. */
  openConcurrency: 100,
} as const
