/**
 * environments.json on a real disk: a writer SIGKILLed mid-loop never leaves a torn file, concurrent saves through the
 * real server serialize (last one wins whole, a stale base gets 409), permissions, a corrupt file set aside and
 * reported, a symlink neither read nor written through. The killed writer runs the built store (`tsc -b` first).
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { parseEnvironmentsDocument } from '@wirebench/auth'
import type { EnvironmentsDocument } from '@wirebench/auth'
import type { Problem } from '@wirebench/core'
import { repoRoot } from '../servers/server/cli-process.js'
import { startWorkbench } from '../servers/token/workbench.js'

const storeModule = join(repoRoot, 'packages', 'server', 'dist', 'services', 'environment-store.js')
const authModule = join(repoRoot, 'packages', 'auth', 'dist', 'index.js')

const roots: string[] = []
async function tempRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'wb-envs-'))
  roots.push(root)
  return root
}
afterAll(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })))
})

/** Saves version 0, 1, 2… as fast as it can; each version carries its number in three places and 256 KB of filler. */
const writerScript = `
import { createEnvironmentStore } from ${JSON.stringify(pathToFileURL(storeModule).href)}
import { parseEnvironmentsDocument } from ${JSON.stringify(pathToFileURL(authModule).href)}
const store = createEnvironmentStore({ configDir: process.env.WB_CONFIG_DIR, parse: parseEnvironmentsDocument })
await store.init()
const filler = 'x'.repeat(256 * 1024)
for (let i = 0; ; i++) {
  const environments = [{ id: 'e', name: 'v' + i, vars: { n: String(i), filler }, auth: { type: 'bearer', token: 'token-' + i } }]
  await store.save({ document: { version: 1, activeEnvironmentId: 'e', environments } })
  process.stdout.write(i + '\\n')
}
`

function versionOf(document: EnvironmentsDocument): number {
  const env = document.environments[0]
  const n = Number(env?.vars.n)
  expect(env?.name).toBe(`v${n}`)
  expect(env?.auth).toEqual({ type: 'bearer', token: `token-${n}` })
  expect(env?.vars.filler).toHaveLength(256 * 1024)
  return n
}

async function killMidWrite(configDir: string, afterVersions: number): Promise<number> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', writerScript], {
    env: { ...process.env, WB_CONFIG_DIR: configDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)))
  const deadline = Date.now() + 30_000
  while (out.split('\n').length <= afterVersions) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`writer stopped early:\n${err}`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  // A random moment inside the loop: somewhere in a write, an fsync or a rename.
  await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 15)))
  child.kill('SIGKILL')
  expect(await exited).toBe('SIGKILL')
  return out.trim().split('\n').length
}

describe('environments.json under a killed writer', () => {
  it('always holds one complete version, never a torn one', async () => {
    if (!existsSync(storeModule) || !existsSync(authModule)) {
      throw new Error(`${storeModule} is missing: run npx tsc -b tsconfig.build.json first.`)
    }
    const configDir = join(await tempRoot(), 'config')
    const seen: number[] = []
    for (let round = 0; round < 5; round++) {
      const announced = await killMidWrite(configDir, 3)
      const text = await readFile(join(configDir, 'environments.json'), 'utf8')
      const parsed = parseEnvironmentsDocument(JSON.parse(text))
      if (!parsed.ok) throw new Error(`stored file is invalid: ${JSON.stringify(parsed.issues)}`)
      const version = versionOf(parsed.document)
      // The file is the last announced save or the one after it (renamed, killed before it could print).
      expect([announced - 1, announced]).toContain(version)
      seen.push(version)
    }
    expect(seen).toHaveLength(5)
    // No start-up ever found a torn file to set aside.
    expect((await readdir(configDir)).filter((name) => name.includes('.corrupt-'))).toEqual([])
    expect((await lstat(join(configDir, 'environments.json'))).mode & 0o777).toBe(0o600)
  })
})

const documentNamed = (name: string, token = `tok-${name}`): EnvironmentsDocument => ({
  version: 2,
  activeEnvironmentId: 'e',
  environments: [
    {
      id: 'e',
      name,
      vars: { secretVar: `var-${name}` },
      auth: { type: 'bearer', token },
      trust: { caCertificate: '', allowSelfSigned: false },
      hosts: { approved: [], refused: [] },
    },
  ],
})

describe('environments through the real server', () => {
  it('serializes concurrent saves: all succeed, and the stored file is one of them whole', async () => {
    const wb = await startWorkbench({ configDir: join(await tempRoot(), 'config') })
    try {
      const names = Array.from({ length: 16 }, (_, i) => `tab-${i}`)
      const answers = await Promise.all(
        names.map((name) => wb.api('/api/environments', { method: 'PUT', body: { document: documentNamed(name) } })),
      )
      expect(answers.map((a) => a.status)).toEqual(names.map(() => 200))
      const stored = JSON.parse(await readFile(join(wb.configDir, 'environments.json'), 'utf8')) as unknown
      expect(names.map((name) => documentNamed(name))).toContainEqual(stored)
      const listed = (await (await wb.api('/api/environments')).json()) as { document: unknown; revision: string }
      expect(listed.document).toEqual(stored)
      expect((await lstat(wb.configDir)).mode & 0o777).toBe(0o700)
      expect((await lstat(join(wb.configDir, 'environments.json'))).mode & 0o777).toBe(0o600)
    } finally {
      await wb.close()
    }
  })

  it('lets exactly one of several saves based on the same revision through; the others get 409 conflict', async () => {
    const wb = await startWorkbench({ configDir: join(await tempRoot(), 'config') })
    try {
      const { revision } = (await (await wb.api('/api/environments')).json()) as { revision: string }
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          wb.api('/api/environments', {
            method: 'PUT',
            body: { document: documentNamed(`t${i}`), baseRevision: revision },
          }),
        ),
      )
      const statuses = answers.map((a) => a.status).sort()
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
      const conflict = answers.find((a) => a.status === 409)
      expect(((await conflict?.json()) as Problem).code).toBe('conflict')
    } finally {
      await wb.close()
    }
  })

  it('keeps a corrupt file aside, reports it, and starts from the default document', async () => {
    const configDir = join(await tempRoot(), 'config')
    await mkdir(configDir, { mode: 0o700 })
    await writeFile(join(configDir, 'environments.json'), '{ "version": 1, "environments": [ {"id": ')
    const wb = await startWorkbench({ configDir })
    try {
      const body = (await (await wb.api('/api/environments')).json()) as {
        document: EnvironmentsDocument
        issues: Array<{ message: string; movedTo: string }>
      }
      expect(body.document.environments.map((e) => e.name)).toEqual(['Default'])
      expect(body.issues[0]?.message).toMatch(/not valid JSON/)
      const aside = await readFile(join(configDir, body.issues[0]?.movedTo ?? ''), 'utf8')
      expect(aside).toBe('{ "version": 1, "environments": [ {"id": ')
    } finally {
      await wb.close()
    }
  })

  it('does not follow a symlinked environments.json: its target is neither shown nor overwritten', async () => {
    const root = await tempRoot()
    const configDir = join(root, 'config')
    await mkdir(configDir, { mode: 0o700 })
    const target = join(root, 'shared-secrets.json')
    const original = JSON.stringify(documentNamed('linked', 'linked-secret-77'))
    await writeFile(target, original)
    await symlink(target, join(configDir, 'environments.json'))
    const wb = await startWorkbench({ configDir })
    try {
      const listed = await (await wb.api('/api/environments')).text()
      expect(listed).not.toContain('linked-secret-77')
      expect(listed).toMatch(/symbolic link/)
      const put = await wb.api('/api/environments', { method: 'PUT', body: { document: documentNamed('mine') } })
      expect(put.status).toBe(403)
      expect(await readFile(target, 'utf8')).toBe(original)
    } finally {
      await wb.close()
    }
  })
})
