import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkManifest, readManifest } from './manifest.js'
import type { ManifestProblem } from './manifest.js'
import { sidecarManifestSchema } from './schema.js'

const valid = {
  $schema: './sidecar.schema.json',
  packageId: 'dev.example.toy',
  protocol: { id: 'toy', name: 'Toy', iconSvg: '<svg/>' },
  transport: 'stdio',
  executable: 'sidecar.py',
  args: ['--verbose'],
  envPrefix: 'TOY_',
  shutdownTimeoutMs: 1500,
  version: '1.2.3',
}

function problems(manifest: unknown): ManifestProblem[] {
  const checked = checkManifest(manifest)
  expect(checked.ok, 'expected the manifest to be refused').toBe(false)
  return checked.ok ? [] : checked.problems
}

describe('sidecar.json validation (JSON Schema draft 2020-12, Ajv)', () => {
  it('accepts a manifest with every field, and the minimal stdio and http ones', () => {
    expect(checkManifest(valid).ok).toBe(true)
    expect(checkManifest({ packageId: 'p', protocol: { id: 'x', name: 'X' }, executable: 'run' }).ok).toBe(true)
    const http = { packageId: 'p', protocol: { id: 'x', name: 'X' }, transport: 'http', url: 'http://127.0.0.1:9/rpc' }
    expect(checkManifest(http).ok).toBe(true)
  })

  const refusals: [string, unknown, ManifestProblem][] = [
    [
      'a document that is not an object',
      [],
      { path: '/', message: 'The manifest must be an object; see sidecar.schema.json for what it takes.' },
    ],
    ['no packageId', { ...valid, packageId: undefined }, { path: '/packageId', message: '"packageId" is required.' }],
    [
      'an empty packageId',
      { ...valid, packageId: '' },
      { path: '/packageId', message: '"packageId" is empty; write a reverse-DNS id such as "dev.example.toy".' },
    ],
    ['no protocol', { ...valid, protocol: undefined }, { path: '/protocol', message: '"protocol" is required.' }],
    [
      'a protocol that is not an object',
      { ...valid, protocol: 'toy' },
      {
        path: '/protocol',
        message: '"protocol" must be an object; write an object such as { "id": "toy", "name": "Toy lab" }.',
      },
    ],
    ['no protocol.id', { ...valid, protocol: { name: 'Toy' } }, { path: '/protocol/id', message: '"id" is required.' }],
    [
      'an empty protocol.id',
      { ...valid, protocol: { id: '', name: 'Toy' } },
      {
        path: '/protocol/id',
        message: '"id" is empty; write the id the sidecar answers in initialize, such as "toy".',
      },
    ],
    [
      'no protocol.name',
      { ...valid, protocol: { id: 'toy' } },
      { path: '/protocol/name', message: '"name" is required.' },
    ],
    [
      'an empty protocol.name',
      { ...valid, protocol: { id: 'toy', name: '' } },
      { path: '/protocol/name', message: '"name" is empty; write the name shown in the workbench, such as "Toy lab".' },
    ],
    [
      'a non-string iconSvg',
      { ...valid, protocol: { id: 'toy', name: 'Toy', iconSvg: 3 } },
      {
        path: '/protocol/iconSvg',
        message: '"iconSvg" must be a string; write an inline <svg> document, or leave the field out.',
      },
    ],
    [
      'an unknown field inside protocol',
      { ...valid, protocol: { id: 'toy', name: 'Toy', color: 'red' } },
      { path: '/protocol/color', message: '"color" is not a manifest field (allowed: id, name, iconSvg).' },
    ],
    [
      'an unknown top-level field',
      { ...valid, command: 'rm -rf /' },
      {
        path: '/command',
        message:
          '"command" is not a manifest field (allowed: $schema, packageId, protocol, transport, executable, args, envPrefix, shutdownTimeoutMs, url, version, schemes).',
      },
    ],
    [
      'a transport other than stdio or http',
      { ...valid, transport: 'grpc' },
      { path: '/transport', message: 'must be one of "stdio", "http".' },
    ],
    [
      'stdio without executable',
      { ...valid, executable: undefined },
      { path: '/executable', message: '"executable" is required unless transport is "http".' },
    ],
    [
      'no transport and no executable',
      { packageId: 'p', protocol: { id: 'x', name: 'X' }, url: 'http://127.0.0.1/' },
      { path: '/executable', message: '"executable" is required unless transport is "http".' },
    ],
    [
      'http without url',
      { packageId: 'p', protocol: { id: 'x', name: 'X' }, transport: 'http', executable: 'run' },
      { path: '/url', message: '"url" is required when transport is "http".' },
    ],
    [
      'a url that is not a URI',
      { ...valid, transport: 'http', url: 'not a uri' },
      {
        path: '/url',
        message: '"url" must be an absolute URL; write the JSON-RPC endpoint, such as "http://127.0.0.1:7000/rpc".',
      },
    ],
    [
      'args that are not a list',
      { ...valid, args: '--verbose' },
      { path: '/args', message: '"args" must be an array; write a list of strings, such as ["--verbose"].' },
    ],
    [
      'args holding a number',
      { ...valid, args: ['--port', 8080] },
      { path: '/args/1', message: '"args" entry 2 must be a string; write a list of strings, such as ["--verbose"].' },
    ],
    [
      'a non-string envPrefix',
      { ...valid, envPrefix: 1 },
      {
        path: '/envPrefix',
        message:
          '"envPrefix" must be a string; write the sidecar\'s own prefix, at least 3 characters ending in "_", such as "TOY_".',
      },
    ],
    [
      'an envPrefix without a closing underscore',
      { ...valid, envPrefix: 'X' },
      {
        path: '/envPrefix',
        message:
          '"envPrefix" is not valid here; write the sidecar\'s own prefix, at least 3 characters ending in "_", such as "TOY_".',
      },
    ],
    [
      'an envPrefix of well-known credentials',
      { ...valid, envPrefix: 'AWS_' },
      {
        path: '/envPrefix',
        message:
          '"envPrefix" names a prefix of well-known credentials, which would hand them to the sidecar; write the sidecar\'s own prefix, at least 3 characters ending in "_", such as "TOY_".',
      },
    ],
    [
      'a fractional shutdownTimeoutMs',
      { ...valid, shutdownTimeoutMs: 1.5 },
      {
        path: '/shutdownTimeoutMs',
        message: '"shutdownTimeoutMs" must be an integer; see sidecar.schema.json for what it takes.',
      },
    ],
    [
      'a negative shutdownTimeoutMs',
      { ...valid, shutdownTimeoutMs: -1 },
      { path: '/shutdownTimeoutMs', message: '"shutdownTimeoutMs" must be 0 or more.' },
    ],
    [
      'a non-string version',
      { ...valid, version: 2 },
      { path: '/version', message: '"version" must be a string; write a version string, such as "1.0.0".' },
    ],
    [
      'a non-string $schema',
      { ...valid, $schema: {} },
      { path: '/$schema', message: '"$schema" must be a string; see sidecar.schema.json for what it takes.' },
    ],
    [
      'an empty executable',
      { ...valid, executable: '' },
      {
        path: '/executable',
        message:
          '"executable" is empty; write the program\'s path relative to the plugin directory, such as "bin/sidecar".',
      },
    ],
  ]

  it.each(refusals)('refuses %s, naming the path and the reason', (_name, manifest, expected) => {
    expect(problems(JSON.parse(JSON.stringify(manifest)))).toContainEqual(expected)
  })

  it('lists every problem of a manifest at once', () => {
    const found = problems({ packageId: '', protocol: { id: 'x' }, extra: 1 })
    expect(found.map((p) => p.path).sort()).toEqual(['/executable', '/extra', '/packageId', '/protocol/name'])
  })

  it('ships the same schema as sidecar.schema.json for editors', () => {
    const file = JSON.parse(readFileSync(new URL('../../sidecar.schema.json', import.meta.url), 'utf8')) as unknown
    expect(file).toEqual(JSON.parse(JSON.stringify(sidecarManifestSchema)))
    expect(sidecarManifestSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
  })

  describe('reading sidecar.json from a directory', () => {
    const dirs: string[] = []
    afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))
    const dirWith = async (text: string) => {
      const dir = await mkdtemp(join(tmpdir(), 'wb-manifest-'))
      dirs.push(dir)
      await writeFile(join(dir, 'sidecar.json'), text)
      return dir
    }

    it('reports a file that is not JSON as a problem of the whole document', async () => {
      const checked = await readManifest(await dirWith('{ "packageId": '))
      expect(checked.ok).toBe(false)
      if (!checked.ok) expect(checked.problems[0]?.message).toMatch(/^sidecar\.json is not JSON: /)
    })

    it('refuses a manifest over 256 KiB unread', async () => {
      const checked = await readManifest(await dirWith(' '.repeat(300 * 1024)))
      expect(checked.ok).toBe(false)
      if (!checked.ok) expect(checked.problems[0]?.message).toMatch(/the limit is 262144/)
    })
  })
})
