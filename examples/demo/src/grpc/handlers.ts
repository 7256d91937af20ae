/** The Telemetry service implementation: one handler per method over a station store of its own. */
import type { FileRegistry } from '@bufbuild/protobuf'
import { status } from '@grpc/grpc-js'
import type { UntypedServiceImplementation, handleUnaryCall } from '@grpc/grpc-js'
import { chat } from './chat.js'
import type { Station, StationStatus } from './messages.js'
import { streamReadings, uploadReadings } from './readings.js'
import { createInvalidArgument, statusError } from './rich-error.js'
import type { StationStore } from './stations.js'
import { maxStations } from './stations.js'
import { validateStation } from './validation.js'

export function createTelemetryHandlers(registry: FileRegistry, stations: StationStore): UntypedServiceImplementation {
  const invalidArgument = createInvalidArgument(registry)

  const getStation: handleUnaryCall<{ stationId: string }, Station> = (call, done) => {
    const station = stations.get(call.request.stationId)
    if (station) return done(null, station)
    const known = stations
      .list(0)
      .slice(0, 4)
      .map((s) => s.id)
    done(
      statusError(status.NOT_FOUND, `No station "${call.request.stationId}". Known ids include ${known.join(', ')}.`),
    )
  }

  const listStations: handleUnaryCall<{ status: StationStatus }, { stations: Station[] }> = (call, done) => {
    done(null, { stations: stations.list(call.request.status) })
  }

  const registerStation: handleUnaryCall<{ station?: Station; validateOnly: boolean }, Station> = (call, done) => {
    const { station, validateOnly } = call.request
    const violations = validateStation(station)
    if (violations.length > 0 || !station) {
      const count = violations.length === 1 ? '1 field is' : `${violations.length} fields are`
      const message = `The station is not valid: ${count} wrong.`
      return done(invalidArgument({ message, reason: 'INVALID_STATION', violations }))
    }
    if (validateOnly) return done(null, station)
    if (stations.get(station.id)) {
      return done(statusError(status.ALREADY_EXISTS, `A station with id "${station.id}" already exists.`))
    }
    if (!stations.add(station)) {
      return done(statusError(status.RESOURCE_EXHAUSTED, `The demo keeps at most ${maxStations} stations.`))
    }
    done(null, station)
  }

  return {
    GetStation: getStation,
    ListStations: listStations,
    StreamReadings: (call: Parameters<typeof streamReadings>[0]) => {
      streamReadings(call, { stations, invalidArgument }).catch((error: unknown) => {
        call.emit('error', statusError(status.INTERNAL, error instanceof Error ? error.message : 'The stream failed.'))
      })
    },
    UploadReadings: uploadReadings,
    Chat: (call: Parameters<typeof chat>[0]) => chat(call, stations),
    RegisterStation: registerStation,
  }
}
