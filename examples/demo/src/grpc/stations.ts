/** The demo's weather stations: a few seeded ones and those registered while the demo runs (bounded). */
import { createHash } from 'node:crypto'
import type { Sensor, Station } from './messages.js'
import { SensorKind, StationStatus, secondsOf } from './messages.js'

export const maxStations = 1000

const day = 86_400_000
const firmware = (version: string) => createHash('sha256').update(`wirebench-station-firmware-${version}`).digest()

function sensors(prefix: string, calibratedAt: number): Sensor[] {
  const calibration = { offset: 0.12, scale: 1.0, calibratedAt: secondsOf(calibratedAt) }
  return [
    { id: `${prefix}-temp`, kind: SensorKind.TEMPERATURE, unit: '°C', calibration },
    { id: `${prefix}-hum`, kind: SensorKind.HUMIDITY, unit: '%' },
    { id: `${prefix}-press`, kind: SensorKind.PRESSURE, unit: 'hPa', calibration },
    { id: `${prefix}-wind`, kind: SensorKind.WIND_SPEED, unit: 'm/s' },
  ]
}

function seed(now: number): Station[] {
  return [
    {
      id: 'st-harbor',
      name: 'Harbor Lighthouse',
      status: StationStatus.ONLINE,
      location: { latitude: 53.5461, longitude: 9.9661, elevationM: 12 },
      sensors: sensors('harbor', now - 30 * day),
      labels: { region: 'north', site: 'coast' },
      installedAt: secondsOf(now - 900 * day),
      reportInterval: { seconds: 60n, nanos: 0 },
      totalReadings: 1296000n,
      firmwareHash: firmware('2.4.1'),
      power: { case: 'solar', value: { panelWatts: 180, batteryPercent: 87 } },
      notes: 'Salt spray: clean the humidity sensor monthly.',
    },
    {
      id: 'st-ridge',
      name: 'Ridge Summit',
      status: StationStatus.DEGRADED,
      location: { latitude: 47.4211, longitude: 10.9853, elevationM: 2962 },
      sensors: sensors('ridge', now - 200 * day).slice(0, 3),
      labels: { region: 'alps', access: 'cable-car' },
      installedAt: secondsOf(now - 2100 * day),
      reportInterval: { seconds: 300n, nanos: 0 },
      totalReadings: 9007199254740993n,
      firmwareHash: firmware('2.1.0'),
      power: { case: 'battery', value: { percent: 23, remaining: { seconds: BigInt(3 * 86_400 + 7200), nanos: 0 } } },
    },
    {
      id: 'st-airport',
      name: 'Airport Runway 27',
      status: StationStatus.ONLINE,
      location: { latitude: 48.3538, longitude: 11.7861, elevationM: 448 },
      sensors: [...sensors('airport', now - 7 * day), { id: 'airport-rain', kind: SensorKind.RAINFALL, unit: 'mm' }],
      labels: { region: 'south', icao: 'EDDM' },
      installedAt: secondsOf(now - 400 * day),
      reportInterval: { seconds: 10n, nanos: 0 },
      totalReadings: 3456000n,
      firmwareHash: firmware('2.4.1'),
      power: { case: 'grid', value: { voltage: 230 } },
    },
    {
      id: 'st-valley',
      name: 'Valley Farm',
      status: StationStatus.OFFLINE,
      location: { latitude: 50.1109, longitude: 8.6821, elevationM: 112 },
      sensors: sensors('valley', now - 90 * day).slice(0, 2),
      labels: {},
      installedAt: secondsOf(now - 50 * day),
      reportInterval: { seconds: 900n, nanos: 0 },
      totalReadings: 0n,
      firmwareHash: new Uint8Array(0),
      power: { case: undefined },
    },
  ]
}

export interface StationStore {
  get(id: string): Station | undefined
  list(status: StationStatus): Station[]
  /** False when the store is full. */
  add(station: Station): boolean
}

export function createStationStore(now = Date.now()): StationStore {
  const stations = new Map(seed(now).map((s) => [s.id, s]))
  return {
    get: (id) => stations.get(id),
    list: (status) => [...stations.values()].filter((s) => status === StationStatus.UNSPECIFIED || s.status === status),
    add(station) {
      if (!stations.has(station.id) && stations.size >= maxStations) return false
      stations.set(station.id, station)
      return true
    },
  }
}
