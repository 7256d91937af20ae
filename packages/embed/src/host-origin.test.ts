import { describe, expect, it } from 'vitest'
import { createHostOrigin } from './host-origin.js'

const owns = createHostOrigin({ ports: () => [3000], names: () => ['app.example.test', 'admin.example.test:8443'] })

describe('the host origin', () => {
  it('is a loopback name or an admitted name on a port the host listens on', () => {
    expect(owns('http://localhost:3000/books')).toBe(true)
    expect(owns('http://app.example.test:3000/')).toBe(true)
    expect(owns('http://127.0.0.1:3001/')).toBe(false)
  })

  it('is an admitted host exactly as admitted: the proxy origin a page behind TLS termination uses', () => {
    expect(owns('https://app.example.test/books')).toBe(true)
    expect(owns('http://app.example.test')).toBe(true)
    expect(owns('https://admin.example.test:8443/')).toBe(true)
  })

  it('is never another port of an admitted name, another name, or another scheme', () => {
    expect(owns('https://app.example.test:8443/')).toBe(false)
    expect(owns('https://admin.example.test/')).toBe(false)
    expect(owns('https://evil.example.test/')).toBe(false)
    expect(owns('ftp://app.example.test/')).toBe(false)
  })
})
