/** The benchmark's settings: calls or duration, concurrency, rate (open loop when set), warm-up and thresholds. */
import type { ReactElement } from 'react'
import { changeBenchForm } from './bench-settings.js'
import type { BenchForm } from './bench-settings.js'

export interface BenchSettingsFormProps {
  form: BenchForm
  onChange: (form: BenchForm) => void
  /** The field a problem is about (marked invalid). */
  invalid?: keyof BenchForm
  isRunning: boolean
}

export function BenchSettingsForm({ form, onChange, invalid, isRunning }: BenchSettingsFormProps): ReactElement {
  const field = (name: keyof BenchForm) => ({
    id: `bench-${name}`,
    value: form[name],
    disabled: isRunning,
    'aria-invalid': invalid === name ? true : undefined,
    onChange: (event: { target: { value: string } }) => onChange(changeBenchForm(form, name, event.target.value)),
  })
  return (
    <fieldset className="bench-settings" aria-label="Benchmark settings">
      <div className="bench-setting">
        <label htmlFor="bench-stopAfter">Run for</label>
        <select {...field('stopAfter')}>
          <option value="duration">Duration</option>
          <option value="calls">Calls</option>
        </select>
      </div>
      {form.stopAfter === 'duration' ? (
        <div className="bench-setting">
          <label htmlFor="bench-durationS">Seconds</label>
          <input {...field('durationS')} inputMode="decimal" size={5} />
        </div>
      ) : (
        <div className="bench-setting">
          <label htmlFor="bench-calls">Calls</label>
          <input {...field('calls')} inputMode="numeric" size={6} />
        </div>
      )}
      <div className="bench-setting">
        {form.rate.trim() === '' ? (
          <label htmlFor="bench-concurrency" title="Callers: each sends its next call when its last one ends">
            Concurrency
          </label>
        ) : (
          <label
            htmlFor="bench-concurrency"
            title="The most calls in flight at the fixed rate: a call due while all are busy waits, and the run says so"
          >
            Max in flight
          </label>
        )}
        <input {...field('concurrency')} inputMode="numeric" size={4} />
      </div>
      <div className="bench-setting">
        <label
          htmlFor="bench-rate"
          title="Calls per second: an open-loop run, latency measured from each call's intended start"
        >
          Rate /s
        </label>
        <input {...field('rate')} inputMode="decimal" size={7} placeholder="closed" />
      </div>
      <div className="bench-setting">
        <label htmlFor="bench-warmup">Warm-up calls</label>
        <input {...field('warmup')} inputMode="numeric" size={4} />
      </div>
      <div className="bench-setting bench-setting-wide">
        <label htmlFor="bench-thresholds">Thresholds (one a line)</label>
        <textarea {...field('thresholds')} rows={2} spellCheck={false} placeholder="p95 < 200ms" />
      </div>
    </fieldset>
  )
}
