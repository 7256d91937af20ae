/**
 * `wirebench list` and `call` with a sidecar plugin (`--plugin-dir`): the Python example sidecar against the toy lab
 * server, loaded the way the workbench loads it — unary, a server stream as NDJSON, and a bidi call from -d.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startToyServer } from '@wirebench/demo'
import { ndjson, runCli } from '../servers/cli/run-cli.js'
import { pythonExampleDir } from '../servers/sidecar/plugin-dirs.js'

describe('wirebench call with a sidecar plugin', () => {
  let toy: Awaited<ReturnType<typeof startToyServer>>
  let dir: string
  const cli = (args: string[]) =>
    runCli([...args, '--url', toy.service.url, '--plugin-dir', pythonExampleDir, '--config-dir', dir])

  beforeAll(async () => {
    toy = await startToyServer({ host: '127.0.0.1' })
    dir = await mkdtemp(join(tmpdir(), 'wb-cli-sidecar-'))
  })
  afterAll(async () => {
    await toy?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('lists the sidecar’s methods and calls them: unary, a server stream and bidi', async () => {
    const list = await cli(['list'])
    expect(list.code, list.err).toBe(0)
    expect(list.out).toMatch(/^Lab\/Shout +bidi +Answers every message/m)
    const hello = await cli(['call', 'Lab/Hello', '-d', '{"name": "Ada"}'])
    expect(hello.code, hello.err).toBe(0)
    expect(JSON.parse(hello.out)).toEqual({ greeting: 'Hello, Ada!' })
    const count = await cli(['call', 'Lab/Count', '-d', '{"to": 3, "intervalMs": 20}'])
    expect(count.code, count.err).toBe(0)
    expect(ndjson(count.out)).toEqual([{ data: { n: 1 } }, { data: { n: 2 } }, { data: { n: 3 } }])
    const shout = await cli(['call', 'Lab/Shout', '-d', '{"text": "hi"}', '-d', '{"text": "bye"}'])
    expect(shout.code, shout.err).toBe(0)
    expect(ndjson(shout.out)).toEqual([{ data: { reply: 'HI' } }, { data: { reply: 'BYE' } }])
    const fail = await cli(['call', 'Lab/Fail', '-d', '{"status": "NotFound", "message": "no such thing"}'])
    expect(fail.code).toBe(1)
    expect(fail.err).toMatch(/NotFound: no such thing/)
  })

  it('turns a status the protocol does not know into Unknown (exit 1), never OK', async () => {
    const odd = await cli(['call', 'Lab/Fail', '-d', '{"status": "Teapot", "message": "short and stout"}'])
    expect(odd.code, odd.out).toBe(1)
    expect(odd.err).toMatch(/completed with Unknown/)
    expect(odd.err).toContain('Teapot')
  })
})
