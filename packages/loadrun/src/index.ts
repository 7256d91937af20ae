/** The benchmark runner: closed- and open-loop load over any call function, HDR histograms, thresholds. */
export { runBenchmark } from './run.js'
export { checkSettings, maxConcurrency } from './settings.js'
export { evaluateThresholds, parseThreshold } from './thresholds.js'
export type { Threshold, ThresholdVerdict } from './thresholds.js'
export type {
  CallFunction,
  CallOutcome,
  ClosedLoopSettings,
  LatencySummary,
  OpenLoopSettings,
  RateReport,
  RunOptions,
  RunResult,
  RunSettings,
  SecondProgress,
} from './types.js'
