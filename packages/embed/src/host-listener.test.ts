import { createServer } from 'node:net'
import type { Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHostListener } from './host-listener.js'

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as { port: number }).port)))
}

describe('the host listener an address is called on', () => {
  const first = createServer()
  const second = createServer()
  const everywhere = createServer()
  const idle = createServer()
  let firstPort = 0
  let secondPort = 0
  let everywherePort = 0

  beforeAll(async () => {
    firstPort = await listen(first, '127.0.0.1')
    secondPort = await listen(second, '127.0.0.1')
    everywherePort = await listen(everywhere, '0.0.0.0')
  })
  afterAll(async () => {
    await Promise.all([first, second, everywhere].map((s) => new Promise((resolve) => s.close(resolve))))
  })

  it('is the server on the port the address names, else the first one listening', () => {
    const listenerOf = createHostListener(() => [idle, first, second])
    expect(listenerOf(`http://localhost:${secondPort}/books`)).toEqual({ address: '127.0.0.1', port: secondPort })
    expect(listenerOf('https://app.example.test/books')).toEqual({ address: '127.0.0.1', port: firstPort })
    expect(listenerOf(`ws://app.example.test:${firstPort}/feed`)).toEqual({ address: '127.0.0.1', port: firstPort })
  })

  it("is the server whose requests carried the address's Host when no port matches", () => {
    const listenerOf = createHostListener(
      () => [first, second],
      (host) => (host === 'app.example.test' ? second : undefined),
    )
    expect(listenerOf('https://app.example.test/books')).toEqual({ address: '127.0.0.1', port: secondPort })
    expect(listenerOf('https://other.example.test/books')).toEqual({ address: '127.0.0.1', port: firstPort })
  })

  it('reaches a server bound to every address on loopback, and none while nothing listens', () => {
    expect(createHostListener(() => [everywhere])('https://app.example.test/')).toEqual({
      address: '127.0.0.1',
      port: everywherePort,
    })
    expect(createHostListener(() => [idle, {}])('https://app.example.test/')).toBeUndefined()
  })
})
