import { WorkbenchError } from '@wirebench/core'
import type { OutboundPolicy } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { createCheckedUrls } from './checked-urls.js'

/** The embedded policy (private targets blocked), counting how often a check reads it. */
function countingPolicy(): { policy: OutboundPolicy; reads: () => number } {
  let reads = 0
  const policy: OutboundPolicy = {
    get schemes() {
      reads += 1
      return ['http:', 'https:']
    },
    blockPrivate: true,
    allowHosts: ['127.0.0.1'],
  }
  return { policy, reads: () => reads }
}

describe('createCheckedUrls', () => {
  it('checks a URL once and hands back where it goes, as undici dispatches it', () => {
    const { policy, reads } = countingPolicy()
    const urls = createCheckedUrls(policy)
    const url = 'http://127.0.0.1:8080/pets/7?full=1'
    expect(urls.check(url)).toEqual({ origin: 'http://127.0.0.1:8080', path: '/pets/7?full=1' })
    expect(urls.check(url)).toEqual({ origin: 'http://127.0.0.1:8080', path: '/pets/7?full=1' })
    expect(reads()).toBe(1)
    expect(urls.check('https://api.example.com/a%20b')).toEqual({ origin: 'https://api.example.com', path: '/a%20b' })
    expect(reads()).toBe(2)
  })

  it('never remembers a refusal: a blocked address is refused on every call', () => {
    const { policy, reads } = countingPolicy()
    const urls = createCheckedUrls(policy)
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/', 'ftp://h/x']) {
      for (let i = 0; i < 2; i++) {
        const refusal = (() => {
          try {
            urls.check(url)
          } catch (error) {
            return error
          }
          return undefined
        })()
        expect(refusal).toBeInstanceOf(WorkbenchError)
        expect((refusal as WorkbenchError).code).toBe('blocked_target')
      }
    }
    expect(reads()).toBe(6)
  })

  it('starts over when full, so it holds at most its bound', () => {
    const { policy, reads } = countingPolicy()
    const urls = createCheckedUrls(policy, 2)
    for (const n of [1, 2, 3, 1]) urls.check(`http://127.0.0.1/${n}`)
    expect(reads()).toBe(4)
  })
})
