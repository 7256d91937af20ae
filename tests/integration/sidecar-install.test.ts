/**
 * Installing plugin packages: directories and .zip archives checked entry by entry. Each refusal is proven by a
 * snapshot of the whole test tree (nothing written anywhere, the staging directory gone) and by a package program
 * that would leave a marker if anything ran it.
 */
import { existsSync } from 'node:fs'
import { link, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InstallError, installPlugin, removePlugin } from '@wirebench/sidecar/install'
import { createTempDirs, pythonExampleDir } from '../servers/sidecar/plugin-dirs.js'
import type { TempDirs } from '../servers/sidecar/plugin-dirs.js'
import { deflatedZeros, writeZip } from '../servers/sidecar/zip-writer.js'

const manifest = (packageId = 'dev.test.pkg') =>
  Buffer.from(JSON.stringify({ packageId, protocol: { id: 'pkg', name: 'Pkg' }, executable: 'run.sh' }))

/** Every path under `root`, with size, so a refused install can be shown to have written nothing. */
async function snapshot(root: string): Promise<string[]> {
  const out: string[] = []
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      out.push(`${relative(root, path)}${entry.isDirectory() ? '/' : ` ${(await stat(path)).size}`}`)
      if (entry.isDirectory()) await walk(path)
    }
  }
  await walk(root)
  return out.sort()
}

describe('plugin install (directories and zip archives)', () => {
  let dirs: TempDirs
  let pluginsDir: string
  let marker: string
  let runScript: Buffer

  beforeAll(async () => {
    dirs = await createTempDirs('wb-install-')
    pluginsDir = join(dirs.root(), 'config', 'plugins')
    marker = join(dirs.root(), 'package-ran')
    // If anything ran the package's program, this file would appear.
    runScript = Buffer.from(`#!/bin/sh\ntouch ${marker}\n`)
  })

  afterAll(() => dirs?.remove())

  /** Expects `install` to be refused with `message`, leaving every file under the test root as it was. */
  const refused = async (source: string, message: RegExp) => {
    const before = await snapshot(dirs.root())
    const error = await installPlugin({ source, pluginsDir }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(InstallError)
    expect((error as Error).message).toMatch(message)
    expect(await snapshot(dirs.root())).toEqual(before)
    expect(existsSync(marker)).toBe(false)
  }

  it('installs the Python example from its directory, without running it', async () => {
    const result = await installPlugin({ source: pythonExampleDir, pluginsDir })
    expect(result).toMatchObject({ directory: join(pluginsDir, 'dev.wirebench.example.toy'), replaced: false })
    expect(result.manifest.protocol.id).toBe('toy')
    const installed = await stat(join(result.directory, 'sidecar.py'))
    expect(installed.mode & 0o100).toBe(0o100)
    expect(await readFile(join(result.directory, 'sidecar.json'), 'utf8')).toBe(
      await readFile(join(pythonExampleDir, 'sidecar.json'), 'utf8'),
    )
    expect((await readdir(pluginsDir)).filter((n) => n.startsWith('.install-'))).toEqual([])
  })

  it('refuses to replace an installed package unless asked, then replaces it', async () => {
    await refused(pythonExampleDir, /dev\.wirebench\.example\.toy is already installed .* add --force to replace it/)
    const again = await installPlugin({ source: pythonExampleDir, pluginsDir, replace: true })
    expect(again.replaced).toBe(true)
  })

  it('installs a zip whose files sit in one top-level folder, keeping the executable bit, running nothing', async () => {
    const zip = await writeZip(join(await dirs.make(), 'good.zip'), [
      { name: 'pkg/', mode: 0o040755 },
      { name: 'pkg/sidecar.json', data: manifest('dev.test.zipped'), deflate: true },
      { name: 'pkg/run.sh', data: runScript, mode: 0o100755 },
    ])
    const result = await installPlugin({ source: zip, pluginsDir })
    expect(result.directory).toBe(join(pluginsDir, 'dev.test.zipped'))
    expect((await stat(join(result.directory, 'run.sh'))).mode & 0o100).toBe(0o100)
    expect(existsSync(marker)).toBe(false)
  })

  it('refuses a zip with a ../ entry, writing nothing outside (or inside) the plugin directory', async () => {
    const zip = await writeZip(join(await dirs.make(), 'dotdot.zip'), [
      { name: 'sidecar.json', data: manifest() },
      { name: 'run.sh', data: runScript, mode: 0o100755 },
      { name: '../../../escaped.txt', data: Buffer.from('gotcha') },
    ])
    await refused(zip, /invalid relative path: \.\.\/\.\.\/\.\.\/escaped\.txt|climbs out of the package/)
    expect(existsSync(join(dirs.root(), 'escaped.txt'))).toBe(false)
  })

  it('refuses a zip with an absolute path', async () => {
    const target = join(dirs.root(), 'absolute.txt')
    const zip = await writeZip(join(await dirs.make(), 'absolute.zip'), [
      { name: 'sidecar.json', data: manifest() },
      { name: target, data: Buffer.from('gotcha') },
    ])
    await refused(zip, /absolute path/)
    expect(existsSync(target)).toBe(false)
  })

  it('refuses a zip holding a symbolic link out of the package', async () => {
    const zip = await writeZip(join(await dirs.make(), 'symlink.zip'), [
      { name: 'sidecar.json', data: manifest() },
      { name: 'run.sh', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
    ])
    await refused(zip, /"run\.sh" is a symbolic link; links are not installed/)
  })

  it('refuses a zip of 100,000 entries before extracting any', async () => {
    const entries = [{ name: 'sidecar.json', data: manifest() }]
    for (let i = 0; i < 100_000; i++) entries.push({ name: `f/${i}`, data: Buffer.alloc(0) })
    const zip = await writeZip(join(await dirs.make(), 'many.zip'), entries)
    await refused(zip, /The archive has 100001 entries; a plugin package may have at most 10000/)
  })

  it('refuses a compression bomb by its ratio before inflating it', async () => {
    const zeros = await deflatedZeros(64 * 1024 * 1024)
    const zip = await writeZip(join(await dirs.make(), 'bomb.zip'), [
      { name: 'sidecar.json', data: manifest() },
      { name: 'zeros.bin', raw: zeros },
    ])
    await refused(zip, /"zeros\.bin" inflates \d+× .* the limit is 100× \(a zip bomb\?\)/)
  })

  it('refuses a bomb whose header lies about its size, stopping at the declared size', async () => {
    const zeros = await deflatedZeros(64 * 1024 * 1024)
    const zip = await writeZip(join(await dirs.make(), 'liar.zip'), [
      { name: 'sidecar.json', data: manifest() },
      { name: 'zeros.bin', raw: zeros, declaredSize: 1000 },
    ])
    await refused(zip, /The archive was refused: too many bytes in the stream\. expected 1000/)
  })

  it('refuses a directory with a symbolic link out of it, and one with a hard link out', async () => {
    const outside = join(await dirs.make(), 'secret.txt')
    await writeFile(outside, 'secret')
    const linked = await dirs.make()
    await writeFile(join(linked, 'sidecar.json'), manifest())
    await writeFile(join(linked, 'run.sh'), runScript, { mode: 0o755 })
    await symlink(outside, join(linked, 'data.txt'))
    await refused(linked, /"data\.txt" is a symbolic link to .*secret\.txt, outside the package/)

    const hard = await dirs.make()
    await writeFile(join(hard, 'sidecar.json'), manifest())
    await writeFile(join(hard, 'run.sh'), runScript, { mode: 0o755 })
    await link(outside, join(hard, 'data.txt'))
    await refused(hard, /"data\.txt" is a hard link to a file outside the package/)
  })

  it('refuses a package whose manifest is invalid or whose executable leaves it', async () => {
    const bad = await dirs.make()
    await writeFile(join(bad, 'sidecar.json'), JSON.stringify({ packageId: 'x', protocol: { id: 'x', name: 'X' } }))
    await refused(bad, /sidecar\.json is invalid: \/executable "executable" is required unless transport is "http"/)

    const away = await dirs.make()
    await writeFile(
      join(away, 'sidecar.json'),
      JSON.stringify({ packageId: 'dev.test.away', protocol: { id: 'x', name: 'X' }, executable: '../run.sh' }),
    )
    await refused(away, /"\.\.\/run\.sh" points outside the plugin directory/)

    const unsafe = await dirs.make()
    await writeFile(
      join(unsafe, 'sidecar.json'),
      JSON.stringify({ packageId: '../up', protocol: { id: 'x', name: 'X' }, executable: 'run.sh' }),
    )
    await writeFile(join(unsafe, 'run.sh'), runScript, { mode: 0o755 })
    await refused(unsafe, /packageId "\.\.\/up" cannot name a directory/)
  })

  it('removes an installed plugin by packageId, and says so when there is none', async () => {
    const removed = await removePlugin({ pluginsDir, packageId: 'dev.test.zipped' })
    expect(removed).toBe(join(pluginsDir, 'dev.test.zipped'))
    expect(existsSync(removed)).toBe(false)
    await expect(removePlugin({ pluginsDir, packageId: 'dev.test.zipped' })).rejects.toThrow(
      /No plugin dev\.test\.zipped is installed/,
    )
    await mkdir(pluginsDir, { recursive: true })
  })
})
