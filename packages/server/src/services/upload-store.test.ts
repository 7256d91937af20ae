import { execFileSync } from 'node:child_process'
import { lstat, mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { makeTempDir } from '../test-support/harness.test-helpers.js'
import { createUploadStore } from './upload-store.js'

const dirs: string[] = []
async function temp(): Promise<string> {
  const dir = await makeTempDir('store')
  dirs.push(dir)
  return dir
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('upload store', () => {
  it('refuses an uploads folder that is a symlink', async () => {
    const root = await temp()
    const elsewhere = join(root, 'elsewhere')
    await mkdir(elsewhere)
    await mkdir(join(root, 'config'))
    await symlink(elsewhere, join(root, 'config', 'uploads'))
    await expect(createUploadStore(join(root, 'config')).init()).rejects.toThrow(/not a link/)
  })

  it('accepts a config dir that is itself a symlink, and tightens loose permissions', async () => {
    const root = await temp()
    await mkdir(join(root, 'real'), { mode: 0o755 })
    await symlink(join(root, 'real'), join(root, 'linked'))
    const store = createUploadStore(join(root, 'linked'))
    await store.init()
    expect((await lstat(join(root, 'real'))).mode & 0o777).toBe(0o700)
    expect((await lstat(join(root, 'real', 'uploads'))).mode & 0o777).toBe(0o700)
  })

  it('lists only regular files, never temp files, links or files set aside', async () => {
    const root = await temp()
    const store = createUploadStore(root)
    await store.init()
    await store.write('a.yaml', new TextEncoder().encode('x'))
    await writeFile(join(store.dir, '.upload-123'), 'partial')
    await writeFile(join(store.dir, 'b.yaml.corrupt-2026-01-01T00-00-00-000Z'), 'bad')
    await symlink('/etc/passwd', join(store.dir, 'c.yaml'))
    expect((await store.list()).map((f) => f.name)).toEqual(['a.yaml'])
    await expect(store.read('c.yaml')).rejects.toThrow()
  })

  it('refuses to read a file grown past the upload limit on disk, naming it', async () => {
    const store = createUploadStore(await temp(), { maxFileBytes: 16 })
    await store.init()
    await writeFile(join(store.dir, 'small.yaml'), 'x'.repeat(16))
    await writeFile(join(store.dir, 'big.yaml'), 'x'.repeat(17))
    expect((await store.read('small.yaml')).byteLength).toBe(16)
    await expect(store.read('big.yaml')).rejects.toSatisfy(
      (error: unknown) =>
        WorkbenchError.is(error, 'storage_corrupt') && /big\.yaml is larger than 16 bytes/.test(error.message),
    )
  })

  it('refuses a FIFO in the uploads folder at once instead of waiting for a writer', async () => {
    const store = createUploadStore(await temp())
    await store.init()
    execFileSync('mkfifo', ['-m', '600', join(store.dir, 'pipe.yaml')])
    await expect(store.read('pipe.yaml')).rejects.toSatisfy(
      (error: unknown) => WorkbenchError.is(error, 'storage_corrupt') && /not a regular file/.test(error.message),
    )
  })
})
