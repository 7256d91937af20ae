// The runner's histogram cost per recorded call and per percentile summary: hdr-histogram-js on a plain Int32Array
// (what the runner uses) against its packed flavour (the baseline: smaller, and what the runner used first). A run
// records every call in three histograms and summarises one every second, so both figures are paid at full speed.
// Run: node bench/loadrun-histogram.mjs
import { loadavg } from 'node:os'
import * as hdr from 'hdr-histogram-js'

const records = 1_000_000
const summaries = 50

function measure(bitBucketSize) {
  const histogram = hdr.build({
    bitBucketSize,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
    autoResize: false,
    useWebAssembly: false,
  })
  // Latencies of 0.1–5 ms in µs, spread over many buckets as a real run's are.
  const value = (i) => 100 + ((i * 7919) % 4900)
  for (let i = 0; i < 100_000; i += 1) histogram.recordValue(value(i))
  let at = performance.now()
  for (let i = 0; i < records; i += 1) histogram.recordValue(value(i))
  const recordNs = ((performance.now() - at) * 1e6) / records
  at = performance.now()
  for (let i = 0; i < summaries; i += 1) {
    for (const p of [50, 75, 90, 95, 99, 99.9, 100]) histogram.getValueAtPercentile(p)
    void histogram.mean
  }
  const summaryMs = (performance.now() - at) / summaries
  return { recordNs, summaryMs, bytes: histogram.estimatedFootprintInBytes }
}

console.log(
  `load average: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
)
const packed = measure('packed')
const int32 = measure(32)
const f = (n) => n.toFixed(1)
console.log(
  `packed (baseline): ${f(packed.recordNs)} ns per record, ${f(packed.summaryMs)} ms per summary, ${packed.bytes} bytes`,
)
console.log(
  `Int32 (runner):    ${f(int32.recordNs)} ns per record, ${f(int32.summaryMs)} ms per summary, ${int32.bytes} bytes`,
)
console.log(
  `ratio Int32 / packed: record ${(int32.recordNs / packed.recordNs).toFixed(2)}x, summary ${(int32.summaryMs / packed.summaryMs).toFixed(2)}x`,
)
