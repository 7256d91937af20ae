import { describe, expect, it } from 'vitest'
import { callTarget, hostOf, isHostName, readHost } from './host-names.js'

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

describe('callTarget', () => {
  it('keys a public host by name and a host on this machine by name and port; origins fold ws and grpc into http', () => {
    expect(callTarget('https://API.Example.com:8443/v1')).toEqual({
      name: 'api.example.com',
      key: 'api.example.com',
      origin: 'https://api.example.com:8443',
    })
    expect(callTarget('ws://127.0.0.1:9000/chat')).toEqual({
      name: '127.0.0.1',
      key: '127.0.0.1:9000',
      origin: 'http://127.0.0.1:9000',
    })
    expect(callTarget('http://localhost/x')?.key).toBe('localhost:80')
    expect(callTarget('http://localhost:80/x')?.key).toBe('localhost:80')
    expect(callTarget('http://localhost:08080/x')?.key).toBe('localhost:8080')
    expect(callTarget('wss://[::1]/x')?.key).toBe('[::1]:443')
    expect(callTarget('grpc://App.localhost:50051')?.key).toBe('app.localhost:50051')
    expect(callTarget('http://0.0.0.0:5000/')?.key).toBe('0.0.0.0:5000')
    expect(callTarget('ftp://localhost/x')).toBeUndefined()
    expect(callTarget('upload.proto')).toBeUndefined()
  })

  it('reads the hosts of sidecar schemes as their own family, and names none for a stdio MCP server', () => {
    expect(callTarget('mqtt://Broker.example.com/x')).toEqual({
      name: 'broker.example.com',
      key: 'broker.example.com',
      origin: 'mqtt://broker.example.com:1883',
    })
    expect(callTarget('mqtts://127.0.0.1')?.key).toBe('127.0.0.1:8883')
    expect(callTarget('toy://127.0.0.1:4000')).toEqual({
      name: '127.0.0.1',
      key: '127.0.0.1:4000',
      origin: 'toy://127.0.0.1:4000',
    })
    // Another scheme on the same port is another origin: approving the web server does not approve the broker.
    expect(callTarget('mqtt://127.0.0.1:8080')?.origin).not.toBe(callTarget('http://127.0.0.1:8080')?.origin)
    expect(callTarget('mcp+stdio://everything')).toBeUndefined()
  })

  it('names no target where our host rules or the port refuse the URL', () => {
    expect(callTarget('http://bad host:8080/')).toBeUndefined()
    expect(callTarget('https://${botToken}.evil.example/')).toBeUndefined()
    expect(callTarget('http://localhost:65536/')).toBeUndefined()
    // The same strict reading as hostOf, not the URL parser's: a percent-escape in a name is no host, in Node too.
    expect(callTarget('http://ex%61mple.com:8080/')).toBeUndefined()
    expect(callTarget('http://a..b:8080/')).toBeUndefined()
    expect(callTarget('http://0x7f.1:8080/')?.key).toBe('127.0.0.1:8080')
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
    expect(readHost('api.example.com:8443')).toEqual({ host: 'api.example.com' })
    expect(readHost('localhost:5080')).toEqual({ host: 'localhost:5080' })
    expect(readHost('https://127.0.0.2:1/x')).toEqual({ host: '127.0.0.2:1' })
    expect(readHost('http://localhost/x')).toEqual({ host: 'localhost:80' })
    expect(readHost('127.0.0.1')).toEqual({ host: '127.0.0.1', isAnyPort: true })
    expect(readHost('not a host')).toEqual({ error: expect.stringMatching(/is not a host name/) })
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
