/**
 * What the embedded-mode suites share: a config folder per test file, a host's http server on 127.0.0.1:0 with the
 * way it is closed, and the mounted workbench's API called as the page calls it, or as a TLS-terminating proxy in
 * front of the host forwards it.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request as httpRequest } from 'node:http'
import type { RequestListener, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DiscoverResponse } from '@wirebench/core'
import { expressWorkbench } from '@wirebench/embed'
import type { ExpressWorkbench } from '@wirebench/embed'
import { afterAll, beforeAll, expect } from 'vitest'

/** A temporary config folder for the file's workbenches, removed after its tests; read it inside hooks and tests. */
export function useConfigDir(name: string): () => string {
  let dir: string | undefined
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), `wb-embed-${name}-`))
  })
  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  })
  return () => {
    if (dir === undefined) throw new Error('The config folder exists from beforeAll on.')
    return dir
  }
}

export interface ListeningServer {
  server: Server
  /** `http://127.0.0.1:<port>` (the address the server listens on is given by `listenOn`). */
  origin: string
  /** Ends open connections (keep-alive, WebSockets) and closes the server. */
  close(): Promise<void>
}

/**
 * An Express (or any request-listener) host listening on port 0. Pass `server` when the host built it first (to hand it
 * to the workbench or to express-ws before listening).
 */
export async function listenHost(
  app: RequestListener | undefined,
  options: { server?: Server; listenOn?: string } = {},
): Promise<ListeningServer> {
  const server = options.server ?? createServer(app)
  await new Promise<void>((resolve) => server.listen(0, options.listenOn ?? '127.0.0.1', resolve))
  return {
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** A POST to the mounted workbench's API with its session token, expected to answer 200. */
export async function workbenchPost<T>(
  origin: string,
  path: string,
  body: unknown,
  options: { token: string; prefix?: string },
): Promise<T> {
  const response = await fetch(`${origin}${options.prefix ?? '/workbench'}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-workbench-token': options.token },
    body: JSON.stringify(body),
  })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as T
}

/**
 * A POST to the mounted workbench's API as a TLS-terminating proxy serving `https://app.example.test` forwards it
 * (node:http: fetch will not set Host): the public Host and Origin, `X-Forwarded-Proto` and `-For`.
 */
export function proxiedPost(
  origin: string,
  path: string,
  body: string,
  options: { token: string; prefix?: string },
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: hostname,
        port,
        path: `${options.prefix ?? '/workbench'}${path}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-workbench-token': options.token,
          host: 'app.example.test',
          origin: 'https://app.example.test',
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '203.0.113.9',
        },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

/** Every discovered method as one sortable line: `service name VERB /path [field:source(:required),…]`. */
export function listedMethods(answer: DiscoverResponse): string[] {
  return answer.services
    .flatMap((s) =>
      s.methods.map((m) => {
        const fields = m.inputType.fields.map((f) => `${f.name}:${f.source}${f.required ? ':required' : ''}`)
        return `${s.name} ${m.name} ${m.httpMethod} ${m.httpPath} [${fields.join(',')}]`
      }),
    )
    .sort()
}

/** The parts of an Express 4 or 5 app the mount below uses (their type packages differ). */
interface MountableApp {
  set(name: string, value: unknown): unknown
  use(...args: unknown[]): unknown
}

/**
 * Mounts a workbench at `/workbench` on an Express app that trusts the TLS-terminating proxy serving it as
 * `publicName` (`allowedHosts`), with no UI and no announcement: the set-up of the host-listener suites.
 */
export async function mountBehindProxy(
  app: MountableApp,
  options: { configDir: string; token: string; publicName: string },
): Promise<ExpressWorkbench> {
  const workbench = await expressWorkbench(app as never, {
    prefix: '/workbench',
    configDir: options.configDir,
    token: options.token,
    uiDir: null,
    announce: false,
    allowedHosts: [options.publicName],
  })
  app.set('trust proxy', true)
  app.use('/workbench', workbench)
  return workbench
}
