/** The page's benchmark store, made on first use for a Workbench and kept while the page lives. */
import type { Workbench } from '../../state/workbench.js'
import { liveSocketOf, liveStoreOf } from '../../state/live-runtime.js'
import { createBenchClient, type BenchClient } from './bench-client.js'
import { createBenchStore, type BenchStore } from './bench-store.js'

const stores = new WeakMap<Workbench, { store: BenchStore; client: BenchClient }>()

export function benchOf(workbench: Workbench): { store: BenchStore; client: BenchClient } {
  let entry = stores.get(workbench)
  if (!entry) {
    // The live socket's page-wide messages reach the benchmark store through the live runtime.
    liveStoreOf(workbench)
    const client = createBenchClient(workbench.api)
    // A followed run's seconds come by the socket: it is opened for them, not left to the first live call.
    const connect = (): void => liveSocketOf(workbench).connect()
    entry = { store: createBenchStore(client, { connect }), client }
    stores.set(workbench, entry)
  }
  return entry
}
