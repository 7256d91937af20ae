/** Checks a station registration and lists every problem, so the error shows all of them at once. */
import type { FieldViolation } from './rich-error.js'
import type { Seconds, Station } from './messages.js'
import { SensorKind, StationStatus, millisOf } from './messages.js'

const idPattern = /^[a-z0-9-]{3,32}$/
const labelKeyPattern = /^[a-z][a-z0-9_-]{0,62}$/
const maxLabels = 32
const maxSensors = 64

function checkInterval(interval: Seconds, violations: FieldViolation[]): void {
  const ms = millisOf(interval)
  if (ms < 1000 || ms > 86_400_000) {
    violations.push({ field: 'station.report_interval', description: 'must be between 1 second and 1 day' })
  }
}

export function validateStation(station: Station | undefined): FieldViolation[] {
  if (!station) return [{ field: 'station', description: 'is required' }]
  const violations: FieldViolation[] = []
  const add = (field: string, description: string) => violations.push({ field: `station.${field}`, description })
  if (!idPattern.test(station.id)) add('id', 'must be 3 to 32 lower-case letters, digits or dashes')
  if (station.name.trim() === '') add('name', 'must not be empty')
  else if (station.name.length > 80) add('name', 'must be at most 80 characters')
  if (station.status === StationStatus.UNSPECIFIED) add('status', 'must be set')
  if (!station.location) add('location', 'is required')
  else {
    const { latitude, longitude } = station.location
    if (!(latitude >= -90 && latitude <= 90)) add('location.latitude', 'must be between -90 and 90')
    if (!(longitude >= -180 && longitude <= 180)) add('location.longitude', 'must be between -180 and 180')
  }
  if (station.sensors.length === 0) add('sensors', 'must list at least one sensor')
  if (station.sensors.length > maxSensors) add('sensors', `must list at most ${maxSensors} sensors`)
  const sensorIds = new Set<string>()
  station.sensors.slice(0, maxSensors).forEach((sensor, i) => {
    if (sensor.id === '') add(`sensors[${i}].id`, 'must not be empty')
    else if (sensorIds.has(sensor.id)) add(`sensors[${i}].id`, `repeats "${sensor.id}"`)
    sensorIds.add(sensor.id)
    if (sensor.kind === SensorKind.UNSPECIFIED) add(`sensors[${i}].kind`, 'must be set')
  })
  const labels = Object.keys(station.labels)
  if (labels.length > maxLabels) add('labels', `must have at most ${maxLabels} entries`)
  for (const key of labels.slice(0, maxLabels)) {
    if (!labelKeyPattern.test(key)) add(`labels[${JSON.stringify(key)}]`, 'keys are lower-case, start with a letter')
  }
  if (station.reportInterval) checkInterval(station.reportInterval, violations)
  if (station.firmwareHash.byteLength !== 0 && station.firmwareHash.byteLength !== 32) {
    add('firmware_hash', 'must be empty or a 32-byte SHA-256')
  }
  return violations
}
