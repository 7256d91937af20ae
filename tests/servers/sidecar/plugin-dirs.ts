/** Temporary plugin directories for sidecar tests: a program copied in (kept executable) and a sidecar.json beside it. */
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'

export const repoRoot = resolve(import.meta.dirname, '../../..')
export const faultSidecar = join(repoRoot, 'tests/fixtures/sidecars/fault-sidecar.mjs')
export const pythonExampleDir = join(repoRoot, 'examples/sidecars/python-toy')

export interface TempDirs {
  /** A fresh directory under the test's temp root. */
  make(name?: string): Promise<string>
  /** A plugin directory holding `program` (copied, mode 0755) and `manifest` as sidecar.json. */
  plugin(options: { program?: string; manifest: Record<string, unknown>; name?: string }): Promise<string>
  root(): string
  remove(): Promise<void>
}

export async function createTempDirs(prefix = 'wb-sidecar-'): Promise<TempDirs> {
  const root = await mkdtemp(join(tmpdir(), prefix))
  let count = 0
  const make = async (name = `d${++count}`) => {
    const dir = join(root, name)
    await mkdir(dir, { recursive: true })
    return dir
  }
  return {
    make,
    async plugin({ program, manifest, name }) {
      const dir = await make(name)
      if (program) {
        const target = join(dir, basename(program))
        await copyFile(program, target)
        await chmod(target, 0o755)
      }
      await writeFile(join(dir, 'sidecar.json'), JSON.stringify(manifest, null, 2))
      return dir
    },
    root: () => root,
    remove: () => rm(root, { recursive: true, force: true }),
  }
}

/** The manifest of a fault sidecar in one mode. */
export function faultManifest(mode: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    packageId: `dev.wirebench.test.fault-${mode}`,
    protocol: { id: 'fault', name: 'Fault' },
    executable: 'fault-sidecar.mjs',
    args: ['--mode', mode],
    shutdownTimeoutMs: 500,
    ...extra,
  }
}

/** True while a process with this id exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
