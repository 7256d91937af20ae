import { mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UploadSetResponse, UploadsResponse } from '@wirebench/core'
import { createHarness, makeTempDir } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'

const yamlDoc = (tag: string) => `openapi: 3.0.3
info: { title: ${tag}, version: '1' }
servers: [{ url: 'http://127.0.0.1:9' }]
paths:
  /${tag}:
    get:
      tags: [${tag}]
      operationId: get_${tag}
      responses: { '200': { description: ok } }
`

const greeter = `syntax = "proto3";
package demo;
import "greeting.proto";
service Greeter { rpc SayHello (demo.Greeting) returns (demo.Greeting); }
`
const greeting = `syntax = "proto3";
package demo;
message Greeting { string text = 1; }
`

const b64 = (text: string) => Buffer.from(text).toString('base64')

describe('POST /api/uploads (a set of files as one operation)', () => {
  let configDir: string
  let h: Harness
  const dir = () => join(configDir, 'uploads')

  beforeAll(async () => {
    configDir = await makeTempDir('upload-set')
    h = await createHarness({ configDir, limits: { uploadBytes: 4096 } })
  })
  afterAll(async () => {
    await h.close()
    await rm(configDir, { recursive: true, force: true })
  })

  const uploadSet = (files: { name: string; content: string }[]) =>
    h.app.inject({ method: 'POST', url: '/api/uploads', headers: h.headers, payload: { files } })
  const listed = async () =>
    (await h.app.inject({ url: '/api/uploads', headers: h.headers })).json<UploadsResponse>().uploads.map((u) => u.name)

  it('routes each file of a mixed set to its plugin and answers every upload in the order given', async () => {
    const res = await uploadSet([
      { name: 'greeter.proto', content: b64(greeter) },
      { name: 'books.yaml', content: b64(yamlDoc('books')) },
      { name: 'greeting.proto', content: b64(greeting) },
    ])
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json<UploadSetResponse>()
    expect(body.uploads.map((u) => [u.name, u.protocol, u.servicesFound])).toEqual([
      ['greeter.proto', 'grpc', 1],
      ['books.yaml', 'rest', 1],
      ['greeting.proto', 'grpc', 0],
    ])
    expect(body.services.map((s) => s.originUrl)).toEqual(['greeter.proto', 'books.yaml'])
    expect(await listed()).toEqual(['books.yaml', 'greeter.proto', 'greeting.proto'])
  })

  it('answers 413 when the files add up to more than one upload may hold, and keeps none', async () => {
    const big = 'x'.repeat(2500)
    const res = await uploadSet([
      { name: 'a.yaml', content: b64(`# ${big}\n${yamlDoc('a')}`) },
      { name: 'b.yaml', content: b64(`# ${big}\n${yamlDoc('b')}`) },
    ])
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'payload_too_large', detail: expect.stringContaining('add up to') })
    expect(await readdir(dir())).not.toContain('a.yaml')
  })

  it('refuses content that is not base64, a name given twice and a path, naming the file, and keeps none', async () => {
    const bad = await uploadSet([
      { name: 'c.yaml', content: b64(yamlDoc('c')) },
      { name: 'd.yaml', content: 'not base64!' },
    ])
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'invalid_request', detail: 'The content of d.yaml is not base64.' })

    const twice = await uploadSet([
      { name: 'c.yaml', content: b64(yamlDoc('c')) },
      { name: 'c.yaml', content: b64(yamlDoc('c')) },
    ])
    expect(twice.statusCode).toBe(400)
    expect(twice.json()).toMatchObject({ detail: 'c.yaml is in the set twice.' })

    const path = await uploadSet([
      { name: 'c.yaml', content: b64(yamlDoc('c')) },
      { name: '../e.yaml', content: b64(yamlDoc('e')) },
    ])
    expect(path.statusCode).toBe(400)
    expect(path.json().detail).toContain('../e.yaml')
    expect(await readdir(dir())).not.toContain('c.yaml')
  })

  it('says no plugin reads one file of the set, and keeps none', async () => {
    const res = await uploadSet([
      { name: 'f.yaml', content: b64(yamlDoc('f')) },
      { name: 'service.wsdl', content: b64('<definitions/>') },
    ])
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'no_plugin', detail: 'No plugin handles .wsdl files.' })
    expect(await readdir(dir())).not.toContain('f.yaml')
  })

  it('puts back what was written when a later write of the set fails', async () => {
    // A directory where the second file goes: its final rename fails after the first file was written.
    await mkdir(join(dir(), 'blocked.yaml'))
    const before = await readFile(join(dir(), 'books.yaml'), 'utf8')
    const res = await uploadSet([
      { name: 'books.yaml', content: b64(yamlDoc('novels')) },
      { name: 'new.yaml', content: b64(yamlDoc('new')) },
      { name: 'blocked.yaml', content: b64(yamlDoc('blocked')) },
    ])
    expect(res.statusCode).toBeGreaterThanOrEqual(500)
    expect(await readFile(join(dir(), 'books.yaml'), 'utf8')).toBe(before)
    const files = await readdir(dir())
    expect(files).not.toContain('new.yaml')
    expect(files.filter((f) => f.startsWith('.upload-'))).toEqual([])
    await rm(join(dir(), 'blocked.yaml'), { recursive: true })
    expect(await listed()).toEqual(['books.yaml', 'greeter.proto', 'greeting.proto'])
  })
})
