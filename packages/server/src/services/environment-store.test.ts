import { chmod, lstat, mkdir, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseEnvironmentsDocument } from '@wirebench/auth'
import type { EnvironmentsDocument } from '@wirebench/auth'
import { WorkbenchError } from '@wirebench/core'
import { makeTempDir } from '../test-support/harness.test-helpers.js'
import { createEnvironmentStore, defaultEnvironments } from './environment-store.js'

const dirs: string[] = []
async function temp(): Promise<string> {
  const dir = await makeTempDir('envs')
  dirs.push(dir)
  return dir
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

function documentWith(token: string, name = 'Staging'): EnvironmentsDocument {
  return {
    version: 2,
    environments: [
      {
        id: 'staging',
        name,
        vars: { zeta: '1', alpha: '2' },
        auth: { type: 'bearer', token },
        trust: { caCertificate: '', allowSelfSigned: false },
        hosts: { approved: [], refused: [] },
      },
      {
        id: 'local',
        name: 'Local',
        vars: {},
        auth: { type: 'none' },
        trust: { caCertificate: '', allowSelfSigned: false },
        hosts: { approved: [], refused: [] },
      },
    ],
    activeEnvironmentId: 'staging',
  }
}

async function storeIn(configDir: string) {
  const store = createEnvironmentStore({ configDir, parse: parseEnvironmentsDocument })
  await store.init()
  return store
}

describe('environment store', () => {
  it('starts from one "Default" environment without auth and does not write it until the first save', async () => {
    const configDir = join(await temp(), 'config')
    const store = await storeIn(configDir)
    const snapshot = await store.load()
    expect(snapshot.document).toEqual(defaultEnvironments())
    expect(snapshot.document.environments.map((e) => e.name)).toEqual(['Default'])
    expect(snapshot.issues).toEqual([])
    expect(await readdir(configDir)).toEqual([])
  })

  it('writes 0600 in a 0700 dir, 2-space JSON with a stable key order, and reads back what it wrote', async () => {
    const configDir = join(await temp(), 'config')
    const store = await storeIn(configDir)
    const { revision } = await store.save({ document: documentWith('s3cret') })
    expect((await lstat(configDir)).mode & 0o777).toBe(0o700)
    expect((await lstat(store.path)).mode & 0o777).toBe(0o600)
    const text = await readFile(store.path, 'utf8')
    expect(text.startsWith('{\n  "version": 2,\n  "activeEnvironmentId": "staging",\n  "environments": [\n')).toBe(true)
    expect(text.endsWith('}\n')).toBe(true)
    // Variables keep the user's order; auth puts its type first.
    expect(text.indexOf('"zeta"')).toBeLessThan(text.indexOf('"alpha"'))
    expect(text).toContain('"auth": {\n        "type": "bearer",\n        "token": "s3cret"\n      }')
    const snapshot = await store.load()
    expect(snapshot.document).toEqual(documentWith('s3cret'))
    expect(snapshot.revision).toBe(revision)
    // The same document saved again gives the same bytes and the same revision.
    expect((await store.save({ document: snapshot.document })).revision).toBe(revision)
  })

  it('refuses a save based on a stale revision with conflict and keeps the newer document', async () => {
    const store = await storeIn(await temp())
    const first = await store.load()
    const mine = await store.save({ document: documentWith('mine'), baseRevision: first.revision })
    await expect(store.save({ document: documentWith('theirs'), baseRevision: first.revision })).rejects.toSatisfy(
      (error: unknown) => WorkbenchError.is(error, 'conflict'),
    )
    expect((await store.load()).document).toEqual(documentWith('mine'))
    await expect(store.save({ document: documentWith('next'), baseRevision: mine.revision })).resolves.toBeDefined()
  })

  it('serializes concurrent saves: each succeeds in turn and the file ends as one of them, whole', async () => {
    const store = await storeIn(await temp())
    const documents = Array.from({ length: 20 }, (_, i) => documentWith(`token-${i}`, `Env ${i}`))
    const results = await Promise.all(documents.map((document) => store.save({ document })))
    expect(new Set(results.map((r) => r.revision)).size).toBe(20)
    const stored = (await store.load()).document
    expect(documents).toContainEqual(stored)
    // Arrival order is kept: the last one queued is the one that stays.
    expect(stored).toEqual(documents[19])
  })

  it('moves a file that is not JSON aside at start-up and reports where it went until the next save', async () => {
    const configDir = await temp()
    await writeFile(join(configDir, 'environments.json'), '{"version": 1, "environments": [', { mode: 0o600 })
    const store = await storeIn(configDir)
    const snapshot = await store.load()
    expect(snapshot.document).toEqual(defaultEnvironments())
    expect(snapshot.issues).toHaveLength(1)
    const movedTo = snapshot.issues[0]?.movedTo ?? ''
    expect(movedTo).toMatch(/^environments\.json\.corrupt-\d{4}-\d\d-\d\dT/)
    expect(snapshot.issues[0]?.message).toContain('not valid JSON')
    expect(await readFile(join(configDir, movedTo), 'utf8')).toBe('{"version": 1, "environments": [')
    await store.save({ document: documentWith('new') })
    expect((await store.load()).issues).toEqual([])
    // The file set aside stays for the user.
    expect(await readdir(configDir)).toContain(movedTo)
  })

  it('reports where a file stops being JSON by line and column, never quoting its content (it holds secrets)', async () => {
    const configDir = await temp()
    const text = '{\n  "version": 1,\n  "apiKey": sk-live-SECRETVALUE\n}\n'
    await writeFile(join(configDir, 'environments.json'), text, { mode: 0o600 })
    const store = await storeIn(configDir)
    const snapshot = await store.load()
    expect(snapshot.issues).toHaveLength(1)
    expect(snapshot.issues[0]?.message).toContain('is not valid JSON (line 3, column 13)')
    expect(JSON.stringify(snapshot)).not.toMatch(/sk-live|SECRET|apiKey/)
  })

  it('reports a file broken while running without touching it, and sets it aside before the next save', async () => {
    const configDir = await temp()
    const store = await storeIn(configDir)
    await store.save({ document: documentWith('ok') })
    const broken = JSON.stringify({ version: 1, environments: [{ id: 'x', name: 'X', auth: { type: 'nope' } }] })
    await writeFile(store.path, broken)
    const snapshot = await store.load()
    expect(snapshot.issues[0]?.message).toMatch(/not a valid environments document: \/environments\/0\/auth\/type/)
    expect(snapshot.issues[0]?.errors?.[0]?.path).toBe('/environments/0/auth/type')
    expect(await readFile(store.path, 'utf8')).toBe(broken)
    await store.save({ document: documentWith('after'), baseRevision: snapshot.revision })
    const aside = (await readdir(configDir)).filter((n) => n.includes('.corrupt-'))
    expect(aside).toHaveLength(1)
    expect(await readFile(join(configDir, aside[0] ?? ''), 'utf8')).toBe(broken)
    expect((await store.load()).document).toEqual(documentWith('after'))
  })

  it('tightens a world-readable file and folder (hand-made, 0644 in 0755) at start-up, before any save', async () => {
    const configDir = join(await temp(), 'config')
    await mkdir(configDir, { mode: 0o755 })
    await chmod(configDir, 0o755)
    const text = JSON.stringify(documentWith('hand-made'))
    await writeFile(join(configDir, 'environments.json'), text)
    await chmod(join(configDir, 'environments.json'), 0o644)
    const store = await storeIn(configDir)
    expect((await lstat(configDir)).mode & 0o777).toBe(0o700)
    expect((await lstat(store.path)).mode & 0o777).toBe(0o600)
    expect(await readFile(store.path, 'utf8')).toBe(text)
    expect((await store.load()).document).toEqual(documentWith('hand-made'))
  })

  it('sets a world-readable file that does not parse aside as 0600', async () => {
    const configDir = await temp()
    await writeFile(join(configDir, 'environments.json'), '{"token": "half')
    await chmod(join(configDir, 'environments.json'), 0o644)
    const store = await storeIn(configDir)
    const movedTo = (await store.load()).issues[0]?.movedTo ?? ''
    expect(movedTo).toMatch(/corrupt/)
    expect((await lstat(join(configDir, movedTo))).mode & 0o777).toBe(0o600)
  })

  it('does not change the mode of a file an environments.json symlink points to', async () => {
    const root = await temp()
    const configDir = join(root, 'config')
    await mkdir(configDir, { mode: 0o700 })
    const target = join(root, 'shared.json')
    await writeFile(target, JSON.stringify(documentWith('elsewhere')))
    await chmod(target, 0o644)
    await symlink(target, join(configDir, 'environments.json'))
    await storeIn(configDir)
    expect((await lstat(target)).mode & 0o777).toBe(0o644)
  })

  it('neither reads nor writes through an environments.json that is a symlink', async () => {
    const root = await temp()
    const configDir = join(root, 'config')
    await mkdir(configDir, { mode: 0o700 })
    const target = join(root, 'elsewhere.json')
    const original = JSON.stringify(documentWith('target-secret'))
    await writeFile(target, original)
    await symlink(target, join(configDir, 'environments.json'))
    const store = await storeIn(configDir)
    const snapshot = await store.load()
    expect(snapshot.document).toEqual(defaultEnvironments())
    expect(JSON.stringify(snapshot)).not.toContain('target-secret')
    expect(snapshot.issues[0]?.message).toMatch(/symbolic link/)
    await expect(store.save({ document: documentWith('mine') })).rejects.toSatisfy((error: unknown) =>
      WorkbenchError.is(error, 'forbidden'),
    )
    expect(await readFile(target, 'utf8')).toBe(original)
    expect((await lstat(join(configDir, 'environments.json'))).isSymbolicLink()).toBe(true)
  })

  it('migrates an older document on load (no version) and writes the current version on save', async () => {
    const configDir = await temp()
    const legacy = { environments: [{ id: 'a', name: 'A', vars: { k: 'v' }, auth: { type: 'bearer', token: 't' } }] }
    await writeFile(join(configDir, 'environments.json'), JSON.stringify(legacy))
    const store = await storeIn(configDir)
    const snapshot = await store.load()
    expect(snapshot.issues).toEqual([])
    expect(snapshot.document.version).toBe(2)
    expect(snapshot.document.environments[0]?.vars).toEqual({ k: 'v' })
    await store.save({ document: snapshot.document, baseRevision: snapshot.revision })
    expect(JSON.parse(await readFile(store.path, 'utf8'))).toMatchObject({ version: 2 })
  })

  it('writes a migrated document back at start-up, so a stored mTLS passphrase leaves the disk at once', async () => {
    const configDir = await temp()
    const mtls = { type: 'mtls', certificate: 'C', privateKey: 'K', passphrase: 'hunter2', caCertificate: '' }
    const stored = {
      version: 1,
      environments: [{ id: 'a', name: 'A', vars: {}, auth: mtls }],
      activeEnvironmentId: 'a',
    }
    await writeFile(join(configDir, 'environments.json'), JSON.stringify(stored), { mode: 0o600 })
    const store = await storeIn(configDir)
    const onDisk = await readFile(store.path, 'utf8')
    expect(onDisk).not.toContain('hunter2')
    expect(JSON.parse(onDisk)).toMatchObject({ environments: [{ auth: { type: 'mtls', certificate: 'C' } }] })
    expect((await store.load()).issues).toEqual([])
  })

  it('removes temp files a killed writer left behind, but not a fresh one another process may be writing', async () => {
    const configDir = await temp()
    await writeFile(join(configDir, '.environments-old'), 'half a secret', { mode: 0o600 })
    const long = new Date(Date.now() - 10 * 60_000)
    await utimes(join(configDir, '.environments-old'), long, long)
    await writeFile(join(configDir, '.environments-fresh'), 'being written', { mode: 0o600 })
    await storeIn(configDir)
    expect((await readdir(configDir)).sort()).toEqual(['.environments-fresh'])
  })

  it('removes at start a fresh temp file whose writer is gone, and keeps one whose writer still runs', async () => {
    const configDir = await temp()
    const gone = await exitedPid()
    const alive = spawn('sleep', ['30'], { stdio: 'ignore' })
    try {
      await writeFile(join(configDir, `.environments-${gone}-0a1b`), 'half a secret', { mode: 0o600 })
      await writeFile(join(configDir, `.environments-${alive.pid}-2c3d`), 'being written', { mode: 0o600 })
      await storeIn(configDir)
      expect(await readdir(configDir)).toEqual([`.environments-${alive.pid}-2c3d`])
    } finally {
      alive.kill()
    }
  })

  it('removes orphaned temp files after a failed save', async () => {
    const configDir = await temp()
    const store = await storeIn(configDir)
    const { revision } = await store.load()
    await store.save({ document: documentWith('first'), baseRevision: revision })
    // A workbench killed while saving left its temp file; this process's own failed clean-up would leave one too.
    const orphans = [`.environments-${await exitedPid()}-0a1b`, `.environments-${process.pid}-4e5f`]
    for (const name of orphans) await writeFile(join(configDir, name), 'half a secret', { mode: 0o600 })
    await expect(store.save({ document: documentWith('second'), baseRevision: revision })).rejects.toSatisfy(
      (error: unknown) => WorkbenchError.is(error, 'conflict'),
    )
    expect(await readdir(configDir)).toEqual(['environments.json'])
  })

  it('names its temp files after the writing process, so a sweep can tell a live writer from a dead one', async () => {
    const configDir = await temp()
    const store = await storeIn(configDir)
    const seen = new Set<string>()
    const watching = (async () => {
      // Polls the folder while saves run: a temp file exists between create and rename.
      for (let i = 0; i < 2000 && seen.size === 0; i++) {
        for (const name of await readdir(configDir)) if (name.startsWith('.environments-')) seen.add(name)
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    for (let i = 0; i < 50 && seen.size === 0; i++) await store.save({ document: documentWith(`t${i}`) })
    await watching
    expect(seen.size).toBeGreaterThan(0)
    expect([...seen].every((name) => new RegExp(`^\\.environments-${process.pid}-[0-9a-f]+$`).test(name))).toBe(true)
  })
})

/** The pid of a process that has already exited. */
async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await once(child, 'exit')
  if (child.pid === undefined) throw new Error('no pid')
  return child.pid
}
