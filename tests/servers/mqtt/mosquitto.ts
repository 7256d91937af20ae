/**
 * Debian's mosquitto broker, started by the tests on free loopback ports with a generated config: a plain listener,
 * TLS, mTLS (client certificate required) and username/password. Certificates come from the test PKI (openssl at test
 * time); they are the broker's files, written to a temp dir removed at close.
 */
import { execFile, spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { TestPki } from '../tls/pki.js'

const run = promisify(execFile)
export const MOSQUITTO = '/usr/sbin/mosquitto'
export const hasMosquitto = existsSync(MOSQUITTO)

/** The mosquitto tests skip with the fix on a machine without it, but fail in CI, where .ci/run installs it. */
export function requireMosquitto(): boolean {
  if (hasMosquitto) return true
  if (process.env.CI) throw new Error(`${MOSQUITTO} is missing in CI: install it with apt-get install -y mosquitto.`)
  console.warn(`Skipping mosquitto tests: ${MOSQUITTO} is missing. Install it with: apt-get install -y mosquitto`)
  return false
}

export interface Mosquitto {
  plainUrl: string
  tlsUrl: string
  mtlsUrl: string
  /** Username/password required (`user` / `password` below). */
  authUrl: string
  user: string
  password: string
  close(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}: ${log()}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`mosquitto did not listen on ${port}: ${log()}`)
}

export async function startMosquitto(pki: TestPki): Promise<Mosquitto> {
  const dir = await mkdtemp(join(tmpdir(), 'wb-mosquitto-'))
  const file = (name: string) => join(dir, name)
  await writeFile(file('ca.crt'), pki.caCertificate)
  await writeFile(file('server.crt'), pki.serverCertificate)
  await writeFile(file('server.key'), pki.serverKey, { mode: 0o600 })
  const user = 'lab-user'
  const password = 'lab-password-4f1c'
  await writeFile(file('passwords'), '', { mode: 0o600 })
  await run('mosquitto_passwd', ['-b', file('passwords'), user, password])
  const [plain, tls, mtls, auth] = [await freePort(), await freePort(), await freePort(), await freePort()]
  const tlsFiles = `cafile ${file('ca.crt')}\ncertfile ${file('server.crt')}\nkeyfile ${file('server.key')}\n`
  await writeFile(
    file('mosquitto.conf'),
    [
      // Running as root, mosquitto would switch to its own user, which cannot read this 0700 temp dir.
      'user root',
      'per_listener_settings true',
      'persistence false',
      'log_dest stderr',
      'log_type error',
      `listener ${plain} 127.0.0.1`,
      'allow_anonymous true',
      `listener ${tls} 127.0.0.1`,
      'allow_anonymous true',
      tlsFiles,
      `listener ${mtls} 127.0.0.1`,
      'allow_anonymous true',
      tlsFiles,
      'require_certificate true',
      `listener ${auth} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${file('passwords')}`,
      '',
    ].join('\n'),
  )
  const child = spawn(MOSQUITTO, ['-c', file('mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] })
  let log = ''
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    for (const port of [plain, tls, mtls, auth]) await waitForPort(port, child, () => log)
  } catch (error) {
    child.kill('SIGKILL')
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  return {
    plainUrl: `mqtt://127.0.0.1:${plain}`,
    tlsUrl: `mqtts://127.0.0.1:${tls}`,
    mtlsUrl: `mqtts://127.0.0.1:${mtls}`,
    authUrl: `mqtt://127.0.0.1:${auth}`,
    user,
    password,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}
