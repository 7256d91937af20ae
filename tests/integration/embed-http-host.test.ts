/**
 * A saved plain HTTP request (the `http` plugin: curl and HAR imports) to the embedding Express host's own origin is
 * the host's own, which embedded mode always allows: it goes to the host's listener — by the loopback address and by
 * the public name a TLS-terminating proxy serves the page from (which resolves nowhere here).
 */
import type { InvokeResult } from '@wirebench/core'
import '../support/express5-in-vitest.js'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenHost, mountBehindProxy, proxiedPost, useConfigDir, workbenchPost } from './support/embed-host.js'
import type { ListeningServer } from './support/embed-host.js'

const token = 'embedded-http-host-token-0123456789abcdef0123456789abcdef'
const publicName = 'app.example.test'
const configDir = useConfigDir('http-host')

const requestTo = (url: string) => ({
  protocol: 'http',
  url,
  service: 'HTTP',
  method: 'request',
  messages: [{ method: 'GET' }],
})

describe('a plain HTTP request to the Express host itself', () => {
  let host: ListeningServer

  beforeAll(async () => {
    const app = express()
    await mountBehindProxy(app, { configDir: configDir(), token, publicName })
    app.get('/whoami', (req, res) => void res.json({ host: req.headers.host }))
    host = await listenHost(app as never)
  })
  afterAll(async () => host.close())

  it('reaches the host by its loopback address', async () => {
    const called = await workbenchPost<InvokeResult>(host.origin, '/api/invoke', requestTo(`${host.origin}/whoami`), {
      token,
    })
    expect(called.response).toEqual({ host: new URL(host.origin).host })
  })

  it('reaches the host listener by the proxy’s public name, keeping that Host', async () => {
    const answer = await proxiedPost(
      host.origin,
      '/api/invoke',
      JSON.stringify(requestTo(`https://${publicName}/whoami`)),
      {
        token,
      },
    )
    expect(answer.status, answer.body).toBe(200)
    expect((JSON.parse(answer.body) as InvokeResult).response).toEqual({ host: publicName })
  })
})
