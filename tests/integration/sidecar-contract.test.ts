/**
 * The shared protocol contract, run for a sidecar: the Python example (examples/sidecars/python-toy) against the toy
 * lab server, once over stdio (the workbench starts it) and once over http (POST + SSE, the sidecar started apart).
 */
import { readManifest, createSidecarPlugin } from '@wirebench/sidecar'
import type { SidecarManifest } from '@wirebench/sidecar'
import { silentLogger } from '@wirebench/core'
import type { InvokeResult } from '@wirebench/core'
import { startToyServer } from '@wirebench/demo'
import { runProtocolContract } from '../contract/protocol-contract.js'
import type { ContractFixture } from '../contract/protocol-contract.js'
import { pythonExampleDir } from '../servers/sidecar/plugin-dirs.js'
import { startPythonHttpSidecar } from '../servers/sidecar/python-http.js'

async function toyFixture(onClose: () => Promise<void> = () => Promise.resolve()): Promise<ContractFixture> {
  const toy = await startToyServer({ host: '127.0.0.1' })
  const closed = await startToyServer({ host: '127.0.0.1' })
  await closed.close()
  const url = toy.service.url
  const lab = (method: string, body: unknown = {}) => ({ service: 'Lab', method, messages: [body] })
  return {
    discovery: { kind: 'url', url },
    callTarget: url,
    unary: lab('Hello', { name: 'contract' }),
    slow: lab('Sleep', { ms: 5_000 }),
    failing: { call: lab('Fail', { status: 'NotFound', message: 'nothing here' }), status: 'NotFound' },
    headerEcho: {
      call: lab('Echo', { text: 'headers?' }),
      headersOf: (result: InvokeResult) => (result.response as { headers: Record<string, unknown> }).headers,
    },
    serverStream: { call: lab('Count', { to: 3, intervalMs: 0 }), count: 3 },
    clientStream: { call: { service: 'Lab', method: 'Sum', messages: [] }, messages: [{ value: 1 }, { value: 2 }] },
    duplex: { call: { service: 'Lab', method: 'Shout', messages: [] }, message: (i) => ({ text: `message ${i}` }) },
    unreachable: { kind: 'url', url: closed.service.url },
    async close() {
      await toy.close()
      await onClose()
    },
  }
}

const stdioManifest = await readManifest(pythonExampleDir)
if (!stdioManifest.ok)
  throw new Error(`the Python example's manifest is invalid: ${JSON.stringify(stdioManifest.problems)}`)

runProtocolContract({
  name: 'sidecar (Python example over stdio)',
  claims: { serverStreaming: true, channels: true },
  createPlugin: () =>
    createSidecarPlugin({
      dir: pythonExampleDir,
      manifest: stdioManifest.manifest,
      hostVersion: 'contract',
      logger: silentLogger,
    }),
  startFixture: () => toyFixture(),
})

let httpUrl = ''
runProtocolContract({
  name: 'sidecar (Python example over http)',
  claims: { serverStreaming: true, channels: true },
  createPlugin: () => {
    const manifest: SidecarManifest = {
      packageId: 'dev.wirebench.example.toy.http',
      protocol: { id: 'toy', name: 'Toy lab' },
      transport: 'http',
      url: httpUrl,
    }
    return createSidecarPlugin({ dir: pythonExampleDir, manifest, hostVersion: 'contract', logger: silentLogger })
  },
  async startFixture() {
    const sidecar = await startPythonHttpSidecar()
    httpUrl = sidecar.url
    return toyFixture(() => sidecar.close())
  },
})
