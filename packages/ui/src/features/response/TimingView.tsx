/** The phases of a call as a waterfall: DNS, connect, TLS, waiting for the first byte, the rest of the answer, total. */
import type { ReactElement } from 'react'
import type { CallTimings } from '@wirebench/core'
import { formatDuration } from '../../components/format.js'

interface Phase {
  name: string
  ms: number
  /** Where the phase starts, counted from the start of the call. */
  startMs: number
  title: string
}

/** The measured phases in order, each with its offset into the call; what is left of the total is the download. */
export function timingPhases(timings: CallTimings): Phase[] {
  const phases: Phase[] = []
  let startMs = 0
  const add = (name: string, ms: number | undefined, title: string) => {
    if (ms === undefined) return
    phases.push({ name, ms, startMs, title })
    startMs += ms
  }
  add('DNS', timings.dnsMs, 'Resolving the host name')
  add('Connect', timings.connectMs, 'Opening the TCP connection')
  add('TLS', timings.tlsMs, 'The TLS handshake')
  add('First byte', timings.firstByteMs, 'From the request going out to the first byte of the answer')
  const rest = timings.totalMs - startMs
  if (phases.length > 0 && rest > 0.005) add('Rest', rest, 'Sending, and reading the rest of the answer')
  return phases
}

/** One line for a tooltip: `DNS 1.2 ms · Connect 0.4 ms · TLS 3 ms · First byte 20 ms`. */
export function timingSummary(timings: CallTimings | undefined): string | undefined {
  if (!timings) return undefined
  const phases = timingPhases(timings).filter((phase) => phase.name !== 'Rest')
  if (phases.length === 0) return undefined
  const parts = phases.map((phase) => `${phase.name} ${formatDuration(phase.ms)}`)
  return timings.reusedConnection ? `${parts.join(' · ')} (connection reused)` : parts.join(' · ')
}

export function TimingView({ timings }: { timings: CallTimings }): ReactElement {
  const phases = timingPhases(timings)
  const total = Math.max(timings.totalMs, 0.001)
  return (
    <div className="timing">
      <table className="timing-table" aria-label="Timing">
        <tbody>
          {phases.map((phase) => {
            const left = (phase.startMs / total) * 100
            return (
              <tr key={phase.name} title={phase.title}>
                <th scope="row">{phase.name}</th>
                <td className="timing-track" aria-hidden="true">
                  <span
                    className={`timing-bar is-${phase.name.toLowerCase().replace(/\s+/g, '-')}`}
                    style={{ left: `${left}%`, width: `${Math.max((phase.ms / total) * 100, 0.5)}%` }}
                  />
                </td>
                <td className="mono timing-ms">{formatDuration(phase.ms)}</td>
              </tr>
            )
          })}
          <tr className="timing-total">
            <th scope="row">Total</th>
            <td className="timing-track" aria-hidden="true" />
            <td className="mono timing-ms">{formatDuration(timings.totalMs)}</td>
          </tr>
        </tbody>
      </table>
      <p className="muted timing-note">
        {timings.reusedConnection
          ? 'The call went over a connection that was already open: it had no DNS, connect or TLS phase of its own.'
          : phases.length === 0
            ? 'This protocol’s transport reports the total only.'
            : timings.dnsMs === undefined && timings.connectMs !== undefined
              ? 'No DNS phase: the address is an IP address.'
              : 'Times measured by the workbench server, from the call leaving it to the last byte of the answer.'}
      </p>
    </div>
  )
}
