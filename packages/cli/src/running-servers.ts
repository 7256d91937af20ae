/**
 * Where a running workbench says it is: `{config_dir}/run/server-<pid>.json` ({version, url, pid, token}), written at
 * start (0600 in a 0700 directory, like every file there) and removed at stop, so `wirebench plugin list` can ask it
 * for the sidecars' health. Files of processes that are gone are ignored and removed.
 */
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface RunningServer {
  version: 1
  url: string
  pid: number
  /** The session token (null with --no-token). */
  token: string | null
}

function runDir(configDir: string): string {
  return join(configDir, 'run')
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Records this process's server; returns the function that removes the record. */
export async function recordRunningServer(
  configDir: string,
  server: Omit<RunningServer, 'version' | 'pid'>,
): Promise<() => Promise<void>> {
  const dir = runDir(configDir)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await chmod(dir, 0o700)
  const file = join(dir, `server-${process.pid}.json`)
  const temp = `${file}.${Math.random().toString(36).slice(2)}.tmp`
  const record: RunningServer = { version: 1, url: server.url, pid: process.pid, token: server.token }
  await writeFile(temp, `${JSON.stringify(record)}\n`, { mode: 0o600, flag: 'wx' })
  await rename(temp, file)
  return () => rm(file, { force: true })
}

/** The workbenches running with this config dir, newest process first. */
export async function findRunningServers(configDir: string): Promise<RunningServer[]> {
  const dir = runDir(configDir)
  const names = await readdir(dir).catch(() => [] as string[])
  const found: RunningServer[] = []
  for (const name of names) {
    if (!/^server-\d+\.json$/.test(name)) continue
    const path = join(dir, name)
    try {
      const record = JSON.parse(await readFile(path, 'utf8')) as RunningServer
      if (record.version === 1 && typeof record.url === 'string' && isAlive(record.pid)) found.push(record)
      else await rm(path, { force: true })
    } catch {
      await rm(path, { force: true })
    }
  }
  return found.sort((a, b) => b.pid - a.pid)
}
