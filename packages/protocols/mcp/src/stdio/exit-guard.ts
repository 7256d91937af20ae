/**
 * Server processes die with the workbench: every live process group is killed when the workbench process exits, however
 * it exits (the graceful close kills them first; this covers `process.exit` and uncaught errors). Only synchronous work
 * is possible on `exit`, hence SIGKILL.
 */
const liveGroups = new Set<number>()
let isInstalled = false

function killAll(): void {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
  liveGroups.clear()
}

export function guardProcessGroup(pid: number): void {
  if (!isInstalled) {
    isInstalled = true
    process.once('exit', killAll)
  }
  liveGroups.add(pid)
}

export function releaseProcessGroup(pid: number): void {
  liveGroups.delete(pid)
}
