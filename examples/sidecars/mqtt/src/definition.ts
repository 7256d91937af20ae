/**
 * The MQTT sidecar: the message-broker plugin, written on the Wirebench sidecar SDK. Importable as a definition (the
 * benchmark runs the same logic in-process); `main.ts` runs it as a sidecar on stdio.
 */
import type { SidecarDefinition } from '@wirebench/sidecar/sdk'
import { discoverBroker } from './discover.js'
import { invoke, session, subscribe } from './operations.js'
import { closePool } from './pool.js'

const icon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M2 3a11 11 0 0 1 11 11M2 7a7 7 0 0 1 7 7M2 11a3 3 0 0 1 3 3" fill="none" stroke="#7c3aed" stroke-width="1.8" stroke-linecap="round"/></svg>'

export const mqttSidecar: SidecarDefinition = {
  protocol: { id: 'mqtt', name: 'MQTT', iconSvg: icon },
  discover: discoverBroker,
  invoke,
  invokeStream: subscribe,
  openChannel: session,
  close: closePool,
}
