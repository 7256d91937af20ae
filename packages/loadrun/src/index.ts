/** The benchmark runner: closed- and open-loop load over any call function, HDR histograms, thresholds. */
export { runBenchmark } from './run.js'
export { cancellationOf } from './run-cancellation.js'
export { isRequestRefusal } from './request-refusal.js'
export { callCountText, stateChangeOf, stateChangeRefusal } from './state-change.js'
export type { StateChange, StateChangeInput } from './state-change.js'
export type { CallCancellation } from './run-cancellation.js'
export { checkSettings, maxConcurrency } from './settings.js'
export type { SettingsCheckOptions } from './settings.js'
export { evaluateThresholds, parseThreshold } from './thresholds.js'
export { k6KindOf, k6Summary, resultCsv, resultJson, resultJsonFile, splitLatencies } from './report-formats.js'
export type { CsvTarget } from './report-formats.js'
export { k6Script } from './k6-script.js'
export type { K6Drawn, K6ScriptInput, K6Secret, K6Target } from './k6-types.js'
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
  RunnerLoad,
  SecondProgress,
} from './types.js'
