/**
 * .proto files that import each other, uploaded together through the real server (`POST /api/uploads`) and called on a
 * @grpc/grpc-js server without reflection: the order of the selection does not matter, and a set with a broken file
 * keeps nothing (the files stored before, and what the gRPC plugin knows of them, stay as they were).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, Problem, UploadSetResponse, UploadsResponse } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { grpcFixturesDir, startLabServer } from '../servers/grpc/lab-server.js'
import type { LabServer } from '../servers/grpc/lab-server.js'

const fixture = (path: string) => readFile(join(grpcFixturesDir, path))
const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64')

describe('an upload set of .proto files that import each other', () => {
  let wb: StandaloneServer
  let base: string
  let configDir: string
  let lab: LabServer
  let labProto: Buffer
  let typesProto: Buffer

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-grpc-upload-set-'))
    ;[lab, labProto, typesProto] = await Promise.all([
      startLabServer({ reflection: 'none' }),
      fixture('wbtest/v1/lab.proto'),
      fixture('wbtest/v1/types.proto'),
    ])
    wb = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
    base = await wb.listen()
  })
  afterAll(async () => {
    await wb?.close()
    await lab?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'x-workbench-token': wb.token!, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const uploadSet = (files: { name: string; content: Uint8Array | string }[]) =>
    post('/api/uploads', { files: files.map((f) => ({ name: f.name, content: b64(f.content) })) })
  const echo = (method = 'Echo') =>
    post('/api/invoke', {
      protocol: 'grpc',
      url: 'lab.proto',
      serverUrl: lab.url,
      service: 'wbtest.v1.Lab',
      method,
      messages: [{ text: 'set' }],
    })
  const listed = async () =>
    (await (
      await fetch(`${base}/api/uploads`, { headers: { 'x-workbench-token': wb.token! } })
    ).json()) as UploadsResponse

  it('reads the set in one request with the importing file first, and the service answers', async () => {
    // One at a time in this order fails: the first file imports one the server has not seen yet.
    const alone = await fetch(`${base}/api/openapi/upload?name=lab.proto`, {
      method: 'POST',
      headers: { 'x-workbench-token': wb.token!, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(labProto),
    })
    expect(alone.status).toBe(422)

    const res = await uploadSet([
      { name: 'lab.proto', content: labProto },
      { name: 'types.proto', content: typesProto },
    ])
    const body = (await res.json()) as UploadSetResponse
    expect(res.status, JSON.stringify(body)).toBe(201)
    expect(body.uploads.map((u) => [u.name, u.protocol, u.servicesFound])).toEqual([
      ['lab.proto', 'grpc', 1],
      ['types.proto', 'grpc', 0],
    ])
    expect(body.services.map((s) => [s.name, s.originUrl, s.isUploaded])).toEqual([
      ['wbtest.v1.Lab', 'lab.proto', true],
    ])
    expect((await listed()).uploads.map((u) => u.name)).toEqual(['lab.proto', 'types.proto'])

    const result = (await (await echo()).json()) as InvokeResult
    expect(result).toMatchObject({ status: 'OK', response: { text: 'set' } })
  })

  it('keeps none of a set with a file that does not compile, and the stored version keeps working', async () => {
    const extended = `${labProto.toString('utf8')}\nservice Extra {\n  rpc Ping(EchoRequest) returns (EchoReply);\n}\n`
    const res = await uploadSet([
      { name: 'lab.proto', content: extended },
      { name: 'broken.proto', content: 'syntax = "proto3";\nmessage Broken {\n  int32 = 1;\n}\n' },
    ])
    const problem = (await res.json()) as Problem & { details?: { file?: string } }
    expect(res.status).toBe(422)
    expect(problem.detail).toMatch(/^broken\.proto could not be read: /)
    expect(problem.hint).toMatch(/^None of the 2 files was kept\./)

    const after = await listed()
    expect(after.uploads.map((u) => [u.name, u.sizeBytes])).toEqual([
      ['lab.proto', labProto.byteLength],
      ['types.proto', typesProto.byteLength],
    ])
    expect(after.services.map((s) => s.name)).toEqual(['wbtest.v1.Lab'])
    expect((await readdir(join(configDir, 'uploads'))).sort()).toEqual(['lab.proto', 'types.proto'])
    expect(await readFile(join(configDir, 'uploads', 'lab.proto'))).toEqual(labProto)
    // What the gRPC plugin holds for lab.proto is the stored version again, not the one of the refused set.
    expect(((await (await echo()).json()) as InvokeResult).status).toBe('OK')
    const extra = await post('/api/invoke', {
      protocol: 'grpc',
      url: 'lab.proto',
      serverUrl: lab.url,
      service: 'wbtest.v1.Extra',
      method: 'Ping',
      messages: [{}],
    })
    expect(extra.status).toBe(404)
  })
})
