import { WorkbenchError } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { layOutProtoFiles, protoSetLimits } from './file-set.js'

const encoder = new TextEncoder()
const file = (name: string, text = 'syntax = "proto3";') => ({ name, content: encoder.encode(text) })
const paths = (files: ReturnType<typeof layOutProtoFiles>) => files.map((f) => [f.name, f.path])

describe('layOutProtoFiles', () => {
  it('keeps files at their own names when imports use those names', () => {
    expect(paths(layOutProtoFiles([file('a.proto', 'import "b.proto";'), file('b.proto')]))).toEqual([
      ['a.proto', 'a.proto'],
      ['b.proto', 'b.proto'],
    ])
  })

  it('keeps uploads that already are paths', () => {
    expect(paths(layOutProtoFiles([file('x/a.proto', 'import "x/b.proto";'), file('x/b.proto')]))).toEqual([
      ['x/a.proto', 'x/a.proto'],
      ['x/b.proto', 'x/b.proto'],
    ])
  })

  it('leaves a base name shared by two uploads where it is, since either could be meant', () => {
    const laid = layOutProtoFiles([file('a.proto', 'import "p/c.proto";'), file('c.proto'), file('q/c.proto')])
    expect(paths(laid)).toEqual([
      ['a.proto', 'a.proto'],
      ['c.proto', 'c.proto'],
      ['q/c.proto', 'q/c.proto'],
    ])
  })

  it('never places a file at an unsafe path taken from file content', () => {
    const laid = layOutProtoFiles([
      file('a.proto', 'import "../../etc/c.proto";\nimport "/abs/c.proto";'),
      file('c.proto'),
    ])
    expect(paths(laid)).toEqual([
      ['a.proto', 'a.proto'],
      ['c.proto', 'c.proto'],
    ])
  })

  it('does not take an upload for a well-known type it happens to share a name with', () => {
    const laid = layOutProtoFiles([
      file('a.proto', 'import "google/protobuf/timestamp.proto";'),
      file('timestamp.proto'),
    ])
    expect(paths(laid)).toContainEqual(['timestamp.proto', 'timestamp.proto'])
  })

  it('refuses a file over the size limit', () => {
    const big = { name: 'big.proto', content: new Uint8Array(protoSetLimits.maxFileBytes + 1) }
    expect(() => layOutProtoFiles([big])).toThrow(WorkbenchError)
    try {
      layOutProtoFiles([big])
    } catch (error) {
      expect((error as WorkbenchError).code).toBe('payload_too_large')
    }
  })

  it('with an entry, lays out only the entry and what it imports, transitively, entry first', () => {
    const laid = layOutProtoFiles(
      [
        file('unrelated.proto', 'import "common.proto";'),
        file('common.proto'),
        file('api.proto', 'import "acme/v1/types.proto";'),
        file('types.proto', 'import "acme/v1/common.proto";'),
      ],
      'api.proto',
    )
    expect(paths(laid)).toEqual([
      ['api.proto', 'api.proto'],
      ['types.proto', 'acme/v1/types.proto'],
      ['common.proto', 'acme/v1/common.proto'],
    ])
  })

  it('refuses an entry that is not in the set', () => {
    expect(() => layOutProtoFiles([file('a.proto')], 'b.proto')).toThrow(/entry file b\.proto is not among/)
  })
})
