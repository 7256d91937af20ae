/**
 * The AI package's probe for local model servers (fake Ollama and LM Studio listings on loopback: detected with their
 * models; nothing probed when AutoDetectLocal is off) and the streamed chat over the live WebSocket (`ai.chat` →
 * `ai.delta`… → `ai.done`), through a real standalone workbench.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAiService } from '@wirebench/ai'
import { AI_ROUTES } from '@wirebench/core'
import type { AiProbeResponse, LiveServerMessage } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { startListing, startOllamaReplay } from '../servers/ai/model-servers.js'
import type { OllamaReplay, RecordingServer } from '../servers/ai/model-servers.js'
import { connectLive, liveUrl } from '../servers/live/live-client.js'
import { liveWorkbench } from '../servers/live/live-workbench.js'

/** A loopback port nothing listens on (taken, then released). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('local model servers and the streamed chat', () => {
  let wb: StandaloneServer
  let base = ''
  let configDir: string
  let ollamaListing: RecordingServer
  let lmstudioListing: RecordingServer
  let ollamaChat: OllamaReplay

  const api = async (path: string, init: RequestInit = {}): Promise<{ status: number; json: unknown }> => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token ?? '' },
    })
    return { status: response.status, json: (await response.json()) as unknown }
  }

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-ai-probe-'))
    ;[ollamaListing, lmstudioListing, ollamaChat] = await Promise.all([
      startListing('ollama', ['llama3.2:latest', 'qwen2.5:7b']),
      startListing('lmstudio', ['qwen2.5-7b-instruct']),
      startOllamaReplay(),
    ])
    const ai = await createAiService({
      configDir,
      overlay: { endpoint: ollamaChat.url },
      probeTargets: { ollama: ollamaListing.url, lmstudio: lmstudioListing.url },
      probeTimeoutMs: 1000,
    })
    wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false, ai })
    base = await wb.listen()
  })

  afterAll(async () => {
    await wb?.close()
    await Promise.all([ollamaListing, lmstudioListing, ollamaChat].map((server) => server?.close()))
    await rm(configDir, { recursive: true, force: true })
  })

  it('detects Ollama and LM Studio on loopback and lists the models each serves', async () => {
    const probe = await api(AI_ROUTES.probeLocal)
    expect(probe.status).toBe(200)
    expect(probe.json).toEqual({
      enabled: true,
      servers: [
        { provider: 'ollama', endpoint: ollamaListing.url, running: true, models: ['llama3.2:latest', 'qwen2.5:7b'] },
        { provider: 'lmstudio', endpoint: lmstudioListing.url, running: true, models: ['qwen2.5-7b-instruct'] },
      ],
    })
  })

  it('says a server is not running when nothing answers on its port, within the short deadline', async () => {
    const port = await freePort()
    const ai = await createAiService({
      configDir: join(configDir, 'absent'),
      probeTargets: { ollama: `http://127.0.0.1:${port}`, lmstudio: lmstudioListing.url },
      probeTimeoutMs: 300,
    })
    const started = Date.now()
    const probe = (await ai.probe()) as Extract<AiProbeResponse, { enabled: true }>
    expect(Date.now() - started).toBeLessThan(2000)
    expect(probe.servers[0]).toMatchObject({ provider: 'ollama', running: false, models: [] })
    expect(probe.servers[0]?.message).toBeTruthy()
    expect(probe.servers[1]).toMatchObject({ provider: 'lmstudio', running: true })
  })

  it('probes nothing when AutoDetectLocal is off', async () => {
    const saved = await api(AI_ROUTES.config, {
      method: 'PUT',
      body: JSON.stringify({ provider: 'ollama', autoDetectLocal: false }),
    })
    expect(saved.status).toBe(200)
    const hitsBefore = [ollamaListing.hits, lmstudioListing.hits]
    const probe = await api(AI_ROUTES.probeLocal)
    expect(probe.json).toMatchObject({ enabled: false, message: expect.stringContaining('AutoDetectLocal') as unknown })
    expect([ollamaListing.hits, lmstudioListing.hits]).toEqual(hitsBefore)
  })

  it('streams a chat over the live socket: deltas, then the whole answer', async () => {
    const client = await connectLive(liveUrl(base), { token: wb.token })
    try {
      client.send({ op: 'ai.chat', id: 'chat-1', request: { messages: [{ role: 'user', content: 'hello' }] } })
      const done = await client.waitFor(
        (message): message is Extract<LiveServerMessage, { op: 'ai.done' }> =>
          message.op === 'ai.done' || message.op === 'error',
      )
      expect(done).toMatchObject({ op: 'ai.done', id: 'chat-1', answer: { content: 'Hello from Ollama.' } })
      const deltas = client.messages.filter((message) => message.op === 'ai.delta')
      expect(deltas.map((message) => message.op === 'ai.delta' && message.text)).toEqual(['Hello ', 'from ', 'Ollama.'])
      expect(JSON.parse(ollamaChat.bodies.at(-1) ?? '{}')).toMatchObject({ stream: true })
    } finally {
      await client.close()
    }
  })

  it('stops a streamed chat and the provider’s request when the page cancels it', async () => {
    await api(AI_ROUTES.config, { method: 'PUT', body: JSON.stringify({ provider: 'ollama', model: 'slow' }) })
    const client = await connectLive(liveUrl(base), { token: wb.token })
    try {
      client.send({ op: 'ai.chat', id: 'chat-2', request: { messages: [{ role: 'user', content: 'take your time' }] } })
      await client.waitFor((message) => message.op === 'ai.delta' && message.id === 'chat-2')
      client.send({ op: 'cancel', id: 'chat-2' })
      const ended = await client.waitFor((message) => message.op === 'error' && message.id === 'chat-2')
      expect(ended).toMatchObject({ problem: { code: 'cancelled' } })
      await expect.poll(() => ollamaChat.abandoned).toBe(1)
      expect(client.messages.some((message) => message.op === 'ai.done')).toBe(false)
    } finally {
      await client.close()
    }
  })
})

describe('a live socket without the AI package', () => {
  const wb = liveWorkbench()

  it('answers ai.chat with an unsupported problem naming what to do', async () => {
    const client = await wb.connect()
    client.send({ op: 'ai.chat', id: 'chat-x', request: { messages: [{ role: 'user', content: 'hello' }] } })
    const error = await client.waitFor((message) => message.op === 'error')
    expect(error).toMatchObject({
      id: 'chat-x',
      problem: { detail: 'This workbench has no AI package: the assistant is not available.' },
    })
  })
})
