/**
 * A hub that dies mid-upload, with the workbench embedded in this test's process (no CLI process guard): the official
 * client sends upload items on a promise chain it never awaits, so each transport's send failure must be caught by
 * the plugin and become the call's error, never an unhandled rejection in the embedding process.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { feedUpload, startHubChild } from '../servers/signalr/upload-hub-child.js'

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

describe('a hub killed mid-upload, workbench in this process', () => {
  let wb: StandaloneServer
  let base: string
  let configDir: string
  const rejections: unknown[] = []
  const onRejection = (reason: unknown): void => void rejections.push(reason)

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-sig-upload-'))
    wb = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
    base = await wb.listen()
    process.on('unhandledRejection', onRejection)
  })
  afterAll(async () => {
    process.off('unhandledRejection', onRejection)
    await wb?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  it.each(['LongPolling', 'ServerSentEvents', 'WebSockets'])(
    'over %s ends the call with an error and leaves no unhandled rejection',
    async (transport) => {
      rejections.length = 0
      const hub = await startHubChild()
      const upload = await feedUpload(base, wb.token ?? undefined, hub.origin, transport)
      const deadline = Date.now() + 10_000
      while (!upload.opened() && Date.now() < deadline) await sleep(50)
      expect(upload.opened()).toBe(true)
      await sleep(500)
      hub.child.kill('SIGKILL')
      // Items keep coming while the transport fails; give the client time to fail its sends and close.
      const end = Date.now() + 15_000
      while (upload.closed() === undefined && Date.now() < end) await sleep(50)
      await sleep(500)
      upload.stop()
      const closed = upload.closed()
      expect(rejections.map(String)).toEqual([])
      expect(closed?.problem, JSON.stringify(closed)).toBeDefined()
      expect(`${closed?.problem?.title} ${closed?.problem?.detail}`).toMatch(/hub|connection|reach/i)
    },
    30_000,
  )
})
