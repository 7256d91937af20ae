import { create } from '@bufbuild/protobuf'
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt'
import { WorkbenchError } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { collectFiles } from './collect-files.js'
import type { CollectOptions } from './collect-files.js'
import type { ReflectedFile, ReflectionClient } from './reflection-client.js'

/** `p.S<i>` in `s<i>.proto`, with its own request message, as reflection would describe it. */
function serviceFile(i: number, bytes = 100): ReflectedFile {
  const proto = create(FileDescriptorProtoSchema, {
    name: `s${i}.proto`,
    package: 'p',
    syntax: 'proto3',
    messageType: [{ name: `M${i}` }],
    service: [{ name: `S${i}`, method: [{ name: 'Call', inputType: `.p.M${i}`, outputType: `.p.M${i}` }] }],
  })
  return { proto, bytes }
}

interface FakeServer {
  client: ReflectionClient
  asked: string[]
  maxInFlight: () => number
}

/** A reflection server in memory: `answer` gives the files of a symbol; every answer arrives on a later turn. */
function fakeServer(count: number, answer: (i: number) => ReflectedFile[] = (i) => [serviceFile(i)]): FakeServer {
  const asked: string[] = []
  let inFlight = 0
  let maxInFlight = 0
  const client: ReflectionClient = {
    listServices: () => Promise.resolve(Array.from({ length: count }, (_, i) => `p.S${i}`)),
    async fileContainingSymbol(symbol) {
      asked.push(symbol)
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      await new Promise((resolve) => setImmediate(resolve))
      inFlight--
      return answer(Number(symbol.slice('p.S'.length)))
    },
    fileByFilename: (name) => Promise.reject(new Error(`unexpected request for ${name}`)),
    version: () => 'v1',
  }
  return { client, asked, maxInFlight: () => maxInFlight }
}

const limits: CollectOptions = {
  showInternalServices: false,
  maxServices: 1_000,
  maxFiles: 2_000,
  maxBytes: 64 * 1024 * 1024,
  concurrency: 8,
}

async function failure(promise: Promise<unknown>): Promise<WorkbenchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof WorkbenchError)) throw new Error(`expected a WorkbenchError, got ${String(error)}`)
  return error
}

describe('collectFiles', () => {
  it('collects the file of every listed service', async () => {
    const server = fakeServer(20)
    const collected = await collectFiles(server.client, limits)
    expect(collected.services).toHaveLength(20)
    expect(collected.files.map((f) => f.name).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `s${i}.proto`).sort(),
    )
  })

  it('asks for at most `concurrency` services at once', async () => {
    const server = fakeServer(50)
    await collectFiles(server.client, { ...limits, concurrency: 3 })
    expect(server.asked).toHaveLength(50)
    expect(server.maxInFlight()).toBe(3)
  })

  it('refuses a server listing more services than the limit, before asking for any of them', async () => {
    const server = fakeServer(11)
    const error = await failure(collectFiles(server.client, { ...limits, maxServices: 10 }))
    expect(error.code).toBe('payload_too_large')
    expect(error.message).toContain('11 services')
    expect(error.message).toContain('at most 10')
    expect(error.hint).toContain('.proto')
    expect(error.details).toMatchObject({ limit: 'maxServices', max: 10 })
    expect(server.asked).toEqual([])
  })

  it('stops at the file limit as answers arrive instead of fetching every service first', async () => {
    const server = fakeServer(100)
    const error = await failure(collectFiles(server.client, { ...limits, maxFiles: 5, concurrency: 2 }))
    expect(error.code).toBe('payload_too_large')
    expect(error.message).toContain('more than 5 files')
    expect(error.details).toMatchObject({ limit: 'maxFiles', max: 5 })
    expect(server.asked.length).toBeLessThan(10)
  })

  it('stops at the total descriptor byte budget as answers arrive', async () => {
    const server = fakeServer(100, (i) => [serviceFile(i, 1024 * 1024)])
    const error = await failure(collectFiles(server.client, { ...limits, maxBytes: 4 * 1024 * 1024, concurrency: 2 }))
    expect(error.code).toBe('payload_too_large')
    expect(error.message).toContain('4 MiB')
    expect(error.details).toMatchObject({ limit: 'maxBytes', max: 4 * 1024 * 1024 })
    expect(server.asked.length).toBeLessThan(10)
  })

  it('counts a file the server sends again with several answers once against the byte budget', async () => {
    const shared = create(FileDescriptorProtoSchema, { name: 'shared.proto', package: 'q', syntax: 'proto3' })
    const server = fakeServer(10, (i) => [serviceFile(i, 10), { proto: shared, bytes: 1000 }])
    const collected = await collectFiles(server.client, { ...limits, maxBytes: 1100 })
    expect(collected.files.map((f) => f.name)).toContain('shared.proto')
  })
})
