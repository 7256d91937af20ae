import { lstat, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, UploadResponse } from '@wirebench/core'
import type { UploadsResponse } from '@wirebench/core'
import { createHarness, makeTempDir } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'
import { openApiDocument, startTarget } from '../test-support/target.test-helpers.js'
import type { Target } from '../test-support/target.test-helpers.js'

const yamlDoc = (server: string) => `openapi: 3.0.3
info: { title: Uploaded, version: '1' }
servers: [{ url: '${server}' }]
paths:
  /whoami:
    get:
      tags: [uploaded]
      operationId: whoami
      responses: { '200': { description: ok } }
`

function upload(h: Harness, name: string, body: string | Buffer, contentType = 'application/octet-stream') {
  return h.app.inject({
    method: 'POST',
    url: `/api/openapi/upload?name=${encodeURIComponent(name)}`,
    headers: { ...h.headers, 'content-type': contentType },
    payload: body,
  })
}

describe('schema uploads', () => {
  let configDir: string
  let target: Target
  let h: Harness
  beforeAll(async () => {
    configDir = await makeTempDir('uploads')
    target = await startTarget('U')
    h = await createHarness({ configDir })
  })
  afterAll(async () => {
    await Promise.all([h.close(), target.close()])
  })

  it('reads a YAML upload, keeps it 0600 in a 0700 dir and lists its services apart, with the file name as origin', async () => {
    const res = await upload(h, 'petstore.yaml', yamlDoc(target.origin))
    expect(res.statusCode).toBe(201)
    const body = res.json<UploadResponse>()
    expect(body.upload).toMatchObject({ name: 'petstore.yaml', protocol: 'rest', servicesFound: 1 })
    expect(body.services[0]).toMatchObject({ name: 'uploaded', originUrl: 'petstore.yaml', isUploaded: true })
    expect((await lstat(join(configDir, 'uploads'))).mode & 0o777).toBe(0o700)
    expect((await lstat(join(configDir, 'uploads', 'petstore.yaml'))).mode & 0o777).toBe(0o600)
    const list = (await h.app.inject({ url: '/api/uploads', headers: h.headers })).json<UploadsResponse>()
    expect(list.uploads.map((u) => u.name)).toEqual(['petstore.yaml'])
    expect(list.services.map((s) => s.originUrl)).toEqual(['petstore.yaml'])
  })

  it('takes JSON sent as application/json as raw bytes too, and invokes through the uploaded document', async () => {
    const doc = JSON.stringify(openApiDocument('Json upload', target.origin))
    expect((await upload(h, 'api.json', doc, 'application/json')).statusCode).toBe(201)
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/invoke',
      headers: h.headers,
      payload: { protocol: 'rest', url: 'api.json', service: 'ident', method: 'whoami', messages: [{}] },
    })
    expect(res.json<InvokeResult>().response).toEqual({ server: 'U' })
  })

  it('accepts the bytes whatever the content type, or none', async () => {
    for (const type of ['text/yaml', 'text/plain; charset=utf-8', 'multipart/weird']) {
      const res = await upload(h, 'typed.yaml', yamlDoc(target.origin), type)
      expect(res.statusCode, type).toBe(201)
    }
    const bare = await h.app.inject({
      method: 'POST',
      url: '/api/openapi/upload?name=typed.yaml',
      headers: h.headers,
      payload: Buffer.from(yamlDoc(target.origin)),
    })
    expect(bare.statusCode).toBe(201)
    expect(
      (await h.app.inject({ method: 'DELETE', url: '/api/uploads/typed.yaml', headers: h.headers })).statusCode,
    ).toBe(204)
  })

  it('answers a problem when the name is missing', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/openapi/upload', headers: h.headers, payload: 'x' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'invalid_request' })
  })

  it('answers 422 naming the file and the parse error, and does not keep the file', async () => {
    const res = await upload(h, 'broken.yaml', 'openapi: [unclosed')
    expect(res.statusCode).toBe(422)
    const problem = res.json()
    expect(problem).toMatchObject({ code: 'invalid_document', status: 422 })
    expect(problem.detail).toContain('broken.yaml')
    expect(await readdir(join(configDir, 'uploads'))).not.toContain('broken.yaml')
  })

  it('keeps the previous version when a replacement fails to parse', async () => {
    expect((await upload(h, 'petstore.yaml', '{"not": "openapi"}')).statusCode).toBe(422)
    expect(await readFile(join(configDir, 'uploads', 'petstore.yaml'), 'utf8')).toContain('operationId: whoami')
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/invoke',
      headers: h.headers,
      payload: { protocol: 'rest', url: 'petstore.yaml', service: 'uploaded', method: 'whoami', messages: [{}] },
    })
    expect(res.json<InvokeResult>().response).toEqual({ server: 'U' })
  })

  it('says no plugin handles an extension nobody reads, lists the accepted ones, and keeps nothing', async () => {
    const res = await upload(h, 'service.wsdl', '<definitions/>')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'no_plugin',
      detail: 'No plugin handles .wsdl files.',
      hint: 'Accepted extensions: .json, .proto, .yaml, .yml.',
    })
    expect(await readdir(join(configDir, 'uploads'))).not.toContain('service.wsdl')
  })

  it('routes a .proto upload to the gRPC plugin, which lists its services under the file name', async () => {
    const proto = `syntax = "proto3";
package demo;
service Greeter { rpc SayHello (HelloRequest) returns (HelloReply); }
message HelloRequest { string name = 1; }
message HelloReply { string message = 1; }
`
    const res = await upload(h, 'greeter.proto', proto)
    expect(res.statusCode).toBe(201)
    const body = res.json<UploadResponse>()
    expect(body.upload).toMatchObject({ name: 'greeter.proto', protocol: 'grpc', servicesFound: 1 })
    expect(body.services).toEqual([
      expect.objectContaining({ protocol: 'grpc', originUrl: 'greeter.proto', isUploaded: true }),
    ])
    expect(body.services[0]?.name).toMatch(/Greeter$/)
    // Removed again so the listings below stay about the REST uploads.
    const del = await h.app.inject({ method: 'DELETE', url: '/api/uploads/greeter.proto', headers: h.headers })
    expect(del.statusCode).toBe(204)
  })

  it('refuses names that are paths, hidden, or carry control characters', async () => {
    // The server's own start-up entries (uploads/, workspaces/) are there already; a refusal adds nothing.
    const before = (await readdir(configDir)).sort()
    expect(before).toContain('uploads')
    for (const name of ['../evil.yaml', 'a/b.yaml', 'a\\b.yaml', '.hidden.yaml', 'x\u0001.yaml', 'noext', '..']) {
      const res = await upload(h, name, yamlDoc(target.origin))
      expect(res.statusCode, name).toBe(400)
      expect(res.json().code).toBe('invalid_request')
    }
    expect((await readdir(configDir)).sort()).toEqual(before)
    const del = await h.app.inject({ method: 'DELETE', url: '/api/uploads/..%2Fpetstore.yaml', headers: h.headers })
    expect(del.statusCode).toBe(400)
  })

  it('never writes through a symlink planted at the destination', async () => {
    const outside = join(configDir, 'outside.txt')
    await writeFile(outside, 'keep me')
    await symlink(outside, join(configDir, 'uploads', 'linked.yaml'))
    expect((await upload(h, 'linked.yaml', yamlDoc(target.origin))).statusCode).toBe(201)
    expect(await readFile(outside, 'utf8')).toBe('keep me')
    expect((await lstat(join(configDir, 'uploads', 'linked.yaml'))).isFile()).toBe(true)
    expect(
      (await h.app.inject({ method: 'DELETE', url: '/api/uploads/linked.yaml', headers: h.headers })).statusCode,
    ).toBe(204)
  })

  it('answers 413 above the upload limit', async () => {
    const res = await upload(h, 'huge.json', Buffer.alloc(32 * 1024 * 1024 + 1, 0x20))
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'payload_too_large' })
  })

  it('re-discovers uploads after a restart and sets aside a file that no longer parses', async () => {
    await writeFile(join(configDir, 'uploads', 'rotten.yml'), 'paths: [this is: not openapi', { mode: 0o600 })
    await h.close()
    h = await createHarness({ configDir })
    const list = (await h.app.inject({ url: '/api/uploads', headers: h.headers })).json<UploadsResponse>()
    expect(list.uploads.map((u) => u.name)).toEqual(['api.json', 'petstore.yaml'])
    expect(list.issues).toEqual([
      expect.objectContaining({ name: 'rotten.yml', movedTo: expect.stringMatching(/^rotten\.yml\.corrupt-/) }),
    ])
    const files = await readdir(join(configDir, 'uploads'))
    expect(files.filter((f) => f.startsWith('rotten.yml.corrupt-'))).toHaveLength(1)
    expect(files).not.toContain('rotten.yml')
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/invoke',
      headers: h.headers,
      payload: { protocol: 'rest', url: 'petstore.yaml', service: 'uploaded', method: 'whoami', messages: [{}] },
    })
    expect(res.json<InvokeResult>().response).toEqual({ server: 'U' })
  })

  it('keeps reporting a file set aside after another restart until it is deleted', async () => {
    await h.close()
    h = await createHarness({ configDir })
    const list = (await h.app.inject({ url: '/api/uploads', headers: h.headers })).json<UploadsResponse>()
    const aside = list.issues.find((i) => i.movedTo?.startsWith('rotten.yml.corrupt-'))
    expect(aside?.message).toMatch(/set aside/)
    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${encodeURIComponent(aside!.movedTo!)}`,
      headers: h.headers,
    })
    expect(del.statusCode).toBe(204)
    const after = (await h.app.inject({ url: '/api/uploads', headers: h.headers })).json<UploadsResponse>()
    expect(after.issues).toEqual([])
    expect((await readdir(join(configDir, 'uploads'))).filter((f) => f.includes('.corrupt-'))).toEqual([])
  })

  it('leaves no temp file behind when the final rename fails, and keeps the previous state', async () => {
    const { mkdir } = await import('node:fs/promises')
    await mkdir(join(configDir, 'uploads', 'blocked.yaml'))
    const res = await upload(h, 'blocked.yaml', yamlDoc(target.origin))
    expect(res.statusCode).toBeGreaterThanOrEqual(500)
    const files = await readdir(join(configDir, 'uploads'))
    expect(files.filter((f) => f.startsWith('.upload-'))).toEqual([])
    const { rm } = await import('node:fs/promises')
    await rm(join(configDir, 'uploads', 'blocked.yaml'), { recursive: true })
  })

  it('deletes an upload (204), forgets it, and answers 404 for one that does not exist', async () => {
    const del = await h.app.inject({ method: 'DELETE', url: '/api/uploads/api.json', headers: h.headers })
    expect(del.statusCode).toBe(204)
    expect(await readdir(join(configDir, 'uploads'))).not.toContain('api.json')
    const list = (await h.app.inject({ url: '/api/uploads', headers: h.headers })).json<UploadsResponse>()
    expect(list.uploads.map((u) => u.name)).toEqual(['petstore.yaml'])
    const invoke = await h.app.inject({
      method: 'POST',
      url: '/api/invoke',
      headers: h.headers,
      payload: { protocol: 'rest', url: 'api.json', service: 'ident', method: 'whoami', messages: [{}] },
    })
    expect(invoke.statusCode).toBe(404)
    const again = await h.app.inject({ method: 'DELETE', url: '/api/uploads/api.json', headers: h.headers })
    expect(again.statusCode).toBe(404)
    expect(again.json()).toMatchObject({ code: 'not_found' })
  })
})
