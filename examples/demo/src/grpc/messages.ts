/**
 * The demo's messages in protobuf-es shape (int64 as bigint, enums as numbers, oneofs as `{case, value}`), as the
 * handlers receive them; answers may leave fields out (defaults fill them). A test checks the enum numbers
 * against the compiled descriptors.
 */

export const SensorKind = {
  UNSPECIFIED: 0,
  TEMPERATURE: 1,
  HUMIDITY: 2,
  PRESSURE: 3,
  WIND_SPEED: 4,
  RAINFALL: 5,
} as const
export type SensorKind = (typeof SensorKind)[keyof typeof SensorKind]

export const StationStatus = { UNSPECIFIED: 0, ONLINE: 1, DEGRADED: 2, OFFLINE: 3 } as const
export type StationStatus = (typeof StationStatus)[keyof typeof StationStatus]

export const ReadingQuality = { UNSPECIFIED: 0, GOOD: 1, SUSPECT: 2, BAD: 3 } as const
export type ReadingQuality = (typeof ReadingQuality)[keyof typeof ReadingQuality]

export const ChatRole = { UNSPECIFIED: 0, USER: 1, ECHO: 2, BOT: 3 } as const
export type ChatRole = (typeof ChatRole)[keyof typeof ChatRole]

/** google.protobuf.Timestamp and Duration. */
export interface Seconds {
  seconds: bigint
  nanos: number
}

export interface Location {
  latitude: number
  longitude: number
  elevationM: number
}

export interface Sensor {
  id: string
  kind: SensorKind
  unit: string
  calibration?: { offset: number; scale: number; calibratedAt?: Seconds }
}

export type StationPower =
  | { case: 'grid'; value: { voltage: number } }
  | { case: 'solar'; value: { panelWatts: number; batteryPercent: number } }
  | { case: 'battery'; value: { percent: number; remaining?: Seconds } }
  | { case: undefined; value?: undefined }

export interface Station {
  id: string
  name: string
  status: StationStatus
  location?: Location
  sensors: Sensor[]
  labels: Record<string, string>
  installedAt?: Seconds
  reportInterval?: Seconds
  totalReadings: bigint
  firmwareHash: Uint8Array
  power: StationPower
  notes?: string
}

export interface StreamReadingsRequest {
  stationId: string
  count: number
  intervalMs: number
  kinds: SensorKind[]
}

export interface Reading {
  stationId: string
  sensorId: string
  kind: SensorKind
  value: number
  takenAt?: Seconds
  sequence: bigint
  quality: ReadingQuality
}

export interface SensorStats {
  count: bigint
  min: number
  max: number
  mean: number
}

export interface UploadSummary {
  accepted: bigint
  rejected: bigint
  bySensor: Record<string, SensorStats>
  firstTakenAt?: Seconds
  lastTakenAt?: Seconds
  span?: Seconds
}

export interface ChatMessage {
  author: string
  text: string
  role: ChatRole
  sentAt?: Seconds
  attributes: Record<string, string>
}

export function secondsOf(ms: number): Seconds {
  const seconds = Math.floor(ms / 1000)
  return { seconds: BigInt(seconds), nanos: Math.round((ms - seconds * 1000) * 1_000_000) }
}

export function millisOf(value: Seconds): number {
  return Number(value.seconds) * 1000 + Math.floor(value.nanos / 1_000_000)
}
