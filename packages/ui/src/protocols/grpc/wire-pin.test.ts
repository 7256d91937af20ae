import { describe, expect, it } from 'vitest'
import type { MethodRef } from '../../state/catalog.js'
import { splitWirePin, withWire } from './wire-pin.js'

const ref = (isUploaded: boolean): MethodRef =>
  ({
    key: 'k',
    origin: 'lab.proto',
    service: { name: 'a.Lab', package: 'a', methods: [], source: 'proto', isUploaded, protocol: 'grpc' },
    method: { name: 'Echo' },
  }) as unknown as MethodRef

describe('splitWirePin', () => {
  it('reads a grpcweb@ or connect@ pin and leaves other addresses whole', () => {
    expect(splitWirePin('grpcweb@http://h:1')).toEqual({ wire: 'grpcweb', serverUrl: 'http://h:1' })
    expect(splitWirePin(' connect@https://h ')).toEqual({ wire: 'connect', serverUrl: 'https://h' })
    expect(splitWirePin('http://h:1')).toEqual({ wire: undefined, serverUrl: 'http://h:1' })
    expect(splitWirePin('rest@http://h:1')).toEqual({ wire: undefined, serverUrl: 'rest@http://h:1' })
    expect(splitWirePin(undefined)).toEqual({ wire: undefined, serverUrl: undefined })
  })
})

describe('withWire', () => {
  it('sends an uploaded service to the pinned wire, and leaves discovered services alone', () => {
    expect(withWire(ref(true), 'connect').service.protocol).toBe('connect')
    expect(withWire(ref(false), 'connect').service.protocol).toBe('grpc')
    const same = ref(true)
    expect(withWire(same, undefined)).toBe(same)
  })
})
