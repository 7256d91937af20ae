import { describe, expect, it } from 'vitest'
import { hostOf, isHostName, readHost } from './host-names.js'

describe('hostOf', () => {
  it.each([
    ['https://API.Example.com:8443/v1?x=1', 'api.example.com'],
    ['grpcs://Svc.internal:443', 'svc.internal'],
    ['ws://[::1]:9000/chat', '[::1]'],
    ['http://user:pw@Host.example/x', 'host.example'],
    ['http://GOOD.com:80@evil.com/', 'evil.com'],
    ['http://evil.com#@good.com/', 'evil.com'],
    ['http://evil.com?@good.com/', 'evil.com'],
    ['http://evil.com%2F@good.com/', 'good.com'],
    ['http://a_b.com/', 'a_b.com'],
    ['http://ａｂｃ.com/', 'abc.com'],
    ['http://bücher.example/', 'xn--bcher-kva.example'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://good.com./', 'good.com.'],
  ])('reads %s as %s', (url, host) => {
    expect(hostOf(url)).toBe(host)
  })

  it.each([
    'http://bad host/x',
    'http://a%20b.com/',
    'http://a\tb.com/',
    'http://evil.com\\@good.com/',
    'http://good.com\\.evil.com/',
    'ws://evil.com\\@good.com/',
    'http://good.com%00.evil.com/',
    'http://ex%61mple.com/',
    'http://a..b/',
    'http://a<b.com/',
    'http://a^b.com/',
    'http://a|b.com/',
    'http://a%2eb.com/',
    'http://-a.com/',
    'http://300.1.1.1/',
    'http://host:port/',
    'petstore.json',
    'file:///etc/hosts',
  ])('names no host in %s (where parsers disagree, nobody gets credentials)', (url) => {
    expect(hostOf(url)).toBeUndefined()
  })
})

describe('isHostName', () => {
  it('accepts canonical names and addresses only', () => {
    expect(isHostName('api.example.com')).toBe(true)
    expect(isHostName('127.0.0.1')).toBe(true)
    expect(isHostName('[::1]')).toBe(true)
    expect(isHostName('bad%20host!!')).toBe(false)
    expect(isHostName('Upper.example')).toBe(false)
    expect(isHostName(`${'a'.repeat(64)}.example`)).toBe(false)
  })
})

describe('readHost', () => {
  it('reads a host as a person writes it, and says what is wrong otherwise', () => {
    expect(readHost(' Petstore.Swagger.io ')).toEqual({ host: 'petstore.swagger.io' })
    expect(readHost('localhost:5080')).toEqual({ host: 'localhost' })
    expect(readHost('https://127.0.0.2:1/x')).toEqual({ host: '127.0.0.2' })
    expect(readHost('*.example.com')).toEqual({ error: expect.stringMatching(/wildcards are not supported/) })
    expect(readHost('')).toEqual({ error: expect.stringMatching(/Enter a host name/) })
  })

  it('refuses a name the browser would percent-encode, naming the character, with one final period', () => {
    const reading = readHost('bad host!!')
    expect(reading).toEqual({
      error:
        '"bad host!!" is not a host name: a space cannot be part of one. Use letters, digits, hyphens and dots, e.g. api.example.com or 127.0.0.1.',
    })
    expect(readHost('api!.example')).toEqual({ error: expect.stringContaining('"!" cannot be part of one') })
    expect(readHost('a..b')).toEqual({ error: expect.stringMatching(/^"a\.\.b" is not a host name\. Use letters/) })
  })
})
