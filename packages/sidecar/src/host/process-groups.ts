/**
 * The process groups of running sidecars. Each is killed with SIGKILL when it stops, and all of them when the
 * workbench process exits, even abruptly through `process.exit`, so no sidecar or grandchild is left behind.
 */
const groups = new Set<number>()
let isHooked = false

/** Kills every process of the group led by `pid`; a group already gone is fine. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // ESRCH: nothing left in the group.
  }
}

export function trackGroup(pid: number): void {
  groups.add(pid)
  if (!isHooked) {
    isHooked = true
    process.once('exit', () => {
      for (const group of groups) killGroup(group)
    })
  }
}

export function untrackGroup(pid: number): void {
  groups.delete(pid)
}
