/**
 * Every `npx wirebench` line of the README's "From a terminal" section, run exactly as written by `sh` from the
 * repository root (the npm-linked command, the built CLI) against the demo services, with the variables the README
 * asks the reader to set: each exits as the README says and prints what the protocol answers.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemo } from '@wirebench/demo'
import type { DemoHandle } from '@wirebench/demo'
import { readmeExamples, readmeVariables } from '../servers/cli/readme-examples.js'
import type { ReadmeExample } from '../servers/cli/readme-examples.js'
import { repoRoot, requireBuiltCli } from '../servers/server/cli-process.js'

function sh(line: string, env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', line], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, out, err }))
  })
}

describe('the README’s wirebench examples, run as written', () => {
  let demo: DemoHandle
  let home: string
  let examples: ReadmeExample[]
  const expected: Record<string, RegExp> = {
    'list --url "$REST"': /^Books\/getBook +unary GET/m,
    'Books/getBook -d': /"title":"The Lighthouse Ledger"/,
    'Telemetry/GetStation': /"id":"st-harbor"/,
    'Telemetry/StreamReadings': /^(\{"data":\{"stationId":"st-harbor".*\}\}\n){3}$/,
    'Telemetry/Chat': /^\{"data":\{.*"text":"hi".*\}\n\{"data":\{.*"text":"bye".*\}\n$/,
    'Query/book': /^\{"data":\{"book":\{"title":"The Lighthouse Ledger"\}\}\}\n$/,
    'Subscription/tick': /^(\{"data":\{"data":\{"tick":\{"n":\d\}\}\},"meta":\{"transport":"graphql-[a-z]+"\}\}\n){3}$/,
    'events/subscribe': /^\{"data":\{"seq":1,.*"meta":\{.*"event":/,
    // Before chat/connect, which its line also contains.
    'chat/connection': /"data":\["ada","hi"\],"meta":\{"kind":"invocation","target":"ReceiveMessage"/,
    'chat/connect': /"data":\{"type":"help".*"meta":\{"opcode":"text"/,
    'chat/invoke': /^"hi"\n$/,
    'chat/stream': /^(\{"data":\d,"meta":\{"kind":"streamItem".*\}\}\n){3}$/,
    'Auth/whoAmI': /"scheme":"bearerAuth"/,
    describe: /^ {2}bookId +int\S* +path +required/m,
    'Tools/convert-temperature': /"structuredContent":\{"fahrenheit":212,/,
    'Tools/get-sum': /The sum of 2 and 3 is 5/,
  }

  beforeAll(async () => {
    requireBuiltCli()
    demo = await startDemo({ host: '127.0.0.1' })
    home = await mkdtemp(join(tmpdir(), 'wb-cli-readme-'))
    examples = await readmeExamples(repoRoot)
  })
  afterAll(async () => {
    await demo?.close()
    await rm(home, { recursive: true, force: true })
  })

  // One npx start per example: 20–30 s here, and six times that on a machine busy with installs and builds.
  it('shows one example per protocol, and every one works as written', { timeout: 300_000 }, async () => {
    const urlOf = (protocol: string) => demo.services.find((s) => s.protocol === protocol)?.url ?? ''
    const variables = { ...readmeVariables(urlOf), WIREBENCH_HOME: home }
    for (const name of ['$REST', '$GRPC', '$GRAPHQL', '$SSE', '$WS', '$SIGNALR', '$MCP']) {
      expect(
        examples.some((e) => e.line.includes(`${name}"`)),
        name,
      ).toBe(true)
    }
    // gRPC addresses are pinned: unpinned, a cold call waits for every other plugin's probe of the address first.
    const grpcLines = examples.filter((e) => e.line.includes('$GRPC'))
    expect(grpcLines.length).toBeGreaterThan(0)
    for (const example of grpcLines) expect(example.line).toContain('--url "grpc@$GRPC"')
    for (const example of examples) {
      const result = await sh(example.line, variables)
      expect(result.code, `${example.line}\n${result.err}`).toBe(example.exitCode)
      const key = Object.keys(expected).find((k) => example.line.includes(k))
      expect(key, `no expectation for: ${example.line}`).toBeDefined()
      expect(result.out, example.line).toMatch(expected[key!]!)
    }
  })
})
