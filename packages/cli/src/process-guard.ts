/**
 * The workbench is a long-lived local server relaying to servers it does not control, through client libraries it does
 * not own. Node ends a process on a promise rejection nobody handles; one such library (the official SignalR client
 * sends upload items on a promise chain it never awaits) would then take every open tab down when a hub dies mid-
 * upload. The process keeps running instead and says, on one line, what was left unhandled.
 */
export function keepRunningOnUnhandledRejection(write: (line: string) => void): void {
  process.on('unhandledRejection', (reason) => {
    const what = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)
    write(
      `wirebench: kept running after an error nothing handled (${what.split('\n')[0]}); the call it belonged to has failed.\n`,
    )
  })
}
