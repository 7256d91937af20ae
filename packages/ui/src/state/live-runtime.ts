/** The page's live-call store and its socket, created on first use for a Workbench (the socket itself opens later still, on the first call). */
import { createLiveSocket, liveSocketUrl, type LiveSocket } from '../api/live-socket.js'
import { readSessionToken } from '../api/session-token.js'
import { bothLiveObservers } from '../features/hints/hint-engine.js'
import { announceBenchMessage } from './bench-signal.js'
import { announceHistoryChange } from './history-signal.js'
import { createLiveStore, type LiveStore } from './live-store.js'
import type { Workbench } from './workbench.js'

const stores = new WeakMap<Workbench, LiveStore>()
const sockets = new WeakMap<Workbench, LiveSocket>()

export function liveStoreOf(workbench: Workbench): LiveStore {
  let store = stores.get(workbench)
  if (!store) {
    const { prefix } = workbench.session.getState().config
    const socket = createLiveSocket({
      url: liveSocketUrl(prefix, window.location),
      getToken: readSessionToken,
      // Frames or a `closed` for a call the page already ended are expected; an error naming no call is a bug here.
      onUnroutedMessage: (message) => {
        if (message.op === 'error' && message.id === undefined) console.warn('Live connection:', message.problem.title)
        // A workspace changed on disk or in another tab: read it again now instead of at the next poll.
        if (message.op === 'workspace.changed' && message.workspace === workbench.workspace.getState().activeId) {
          void workbench.workspace.getState().refresh()
        }
        if (message.op === 'history.changed') announceHistoryChange(message.workspace)
        if (message.op === 'bench.progress' || message.op === 'bench.ended') announceBenchMessage(message)
      },
    })
    // The console and the hints hear every stream and channel here, once for all protocols.
    store = createLiveStore({
      socket,
      observer: bothLiveObservers(workbench.console.liveObserver, workbench.hints.liveObserver),
    })
    stores.set(workbench, store)
    sockets.set(workbench, socket)
    // Request chaining reads the last frame of a tab's stream or channel from here.
    workbench.liveStore = store
  }
  return store
}

/** The page's one live socket, for messages that are not a stream or channel of the live store (the assistant's chat). */
export function liveSocketOf(workbench: Workbench): LiveSocket {
  liveStoreOf(workbench)
  const socket = sockets.get(workbench)
  if (!socket) throw new Error('The live store was made without its socket.')
  return socket
}
