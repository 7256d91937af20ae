import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '../errors/workbench-error.js'
import { checkOutboundUrl, isCloudMetadataAddress, isLoopbackAddress, isPrivateAddress } from './outbound.js'

function blocked(url: string, policy?: Parameters<typeof checkOutboundUrl>[1]): string | undefined {
  try {
    checkOutboundUrl(url, policy)
    return undefined
  } catch (error) {
    return error instanceof WorkbenchError ? error.code : 'other'
  }
}

describe('checkOutboundUrl', () => {
  it('accepts http, https, ws and wss targets', () => {
    for (const url of ['http://a.test/x', 'https://a.test', 'ws://127.0.0.1:1', 'wss://h'])
      expect(blocked(url)).toBeUndefined()
  })

  it('refuses other schemes and relative URLs with a clear code', () => {
    expect(blocked('file:///etc/passwd')).toBe('blocked_target')
    expect(blocked('gopher://h')).toBe('blocked_target')
    expect(blocked('/relative')).toBe('invalid_request')
  })

  it('says an address that reads as host:port has no scheme, instead of calling the host a scheme', () => {
    const error = (() => {
      try {
        checkOutboundUrl('localhost:abc/openapi.json')
      } catch (caught) {
        return caught as WorkbenchError
      }
      throw new Error('expected a refusal')
    })()
    expect(error.code).toBe('invalid_request')
    expect(error.message).toBe('The address "localhost:abc/openapi.json" has no scheme.')
    expect(error.hint).toContain('http://localhost:8080/openapi.json')
  })

  it('names an address that does not parse without repeating its query', () => {
    const error = (() => {
      try {
        checkOutboundUrl('${base}/token?key=s3cr3t')
      } catch (caught) {
        return caught as WorkbenchError
      }
      throw new Error('expected a refusal')
    })()
    expect(error.message).toContain('"${base}/token?…"')
    expect(error.message).not.toContain('s3cr3t')
  })

  it('refuses cloud-metadata addresses in every spelling', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://2852039166/',
      'http://0xa9fea9fe/',
      'http://0251.0376.0251.0376/',
      'http://[::ffff:169.254.169.254]/',
      'http://[fd00:ec2::254]/',
      'http://metadata.google.internal./computeMetadata/v1/',
      'http://METADATA.GOOGLE.INTERNAL/',
      'http://169.254.170.23/v1/credentials',
      'http://169.254.0.23/',
      'http://192.0.0.192/',
      'http://[::a9fe:a9fe]/',
      'http://[64:ff9b::169.254.169.254]/',
      // IPv4-translated (SIIT), 6to4, and the local-use NAT64 prefix at each RFC 6052 length, and Teredo, ISATAP.
      'http://[::ffff:0:169.254.169.254]/',
      'http://[2002:a9fe:a9fe::]/',
      'http://[2002:a9fe:a9fe:1:2:3:4:5]/',
      'http://[64:ff9b:1:a9fe:a9:fe00::]/',
      'http://[64:ff9b:1:a9:fe:a9fe::]/',
      'http://[64:ff9b:1:0:a9:fea9:fe00:0]/',
      'http://[64:ff9b:1::a9fe:a9fe]/',
      'http://[64:ff9b:0:0:0:0:169.254.169.254]/',
      'http://[2001:0:a9fe:a9fe::1]/',
      'http://[2001:0:4136:e378:8000:63bf:5601:5601]/',
      'http://[fe80::5efe:169.254.169.254]/',
    ]) {
      expect(blocked(url), url).toBe('blocked_target')
    }
  })

  it('refuses private targets only when the policy asks, honouring the allow-list', () => {
    expect(blocked('http://127.0.0.1:8080')).toBeUndefined()
    expect(blocked('http://127.0.0.1:8080', { blockPrivate: true })).toBe('blocked_target')
    expect(blocked('http://10.1.2.3', { blockPrivate: true })).toBe('blocked_target')
    expect(blocked('http://localhost:1', { blockPrivate: true, allowHosts: ['localhost'] })).toBeUndefined()
  })

  it('reads the host of any scheme as an address the way http would, so no IPv4 spelling slips past', () => {
    const mqtt = { schemes: ['mqtt:'] }
    for (const url of [
      'mqtt://0xA9FEA9FE:1883',
      'mqtt://2852039166:1883',
      'mqtt://169.254.43518:1883',
      'mqtt://0251.0376.0251.0376:1883',
      'mqtt://%31%36%39.254.169.254:1883',
    ]) {
      expect(blocked(url, mqtt), url).toBe('blocked_target')
    }
    expect(blocked('mqtt://0x7f000001:1883', { ...mqtt, blockPrivate: true })).toBe('blocked_target')
    expect(blocked('mqtt://broker.example.com:1883', mqtt)).toBeUndefined()
  })

  it('narrows schemes per call kind', () => {
    expect(blocked('ws://h', { schemes: ['http:', 'https:'] })).toBe('blocked_target')
  })
})

describe('address classes', () => {
  it('recognises metadata addresses as a resolver would return them', () => {
    expect(isCloudMetadataAddress('169.254.169.254')).toBe(true)
    expect(isCloudMetadataAddress('::ffff:169.254.169.254')).toBe(true)
    expect(isCloudMetadataAddress('fd00:ec2:0:0:0:0:0:254')).toBe(true)
    expect(isCloudMetadataAddress('169.254.169.253')).toBe(false)
    // Expanded, uncompressed and zoned spellings, as resolvers and hand-written configs produce them.
    for (const address of [
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::ffff:0:a9fe:a9fe',
      '0000:0000:0000:0000:ffff:0000:169.254.169.254',
      '2002:a9fe:a9fe::',
      '64:ff9b:0000:0000:0000:0000:a9fe:a9fe',
      '64:ff9b:1:a9fe:a9:fe00::',
      'FD00:0EC2:0000:0000:0000:0000:0000:0254',
      'fd00:ec2::254%eth0',
    ]) {
      expect(isCloudMetadataAddress(address), address).toBe(true)
    }
    for (const address of [
      '2002:0808:0808::',
      '64:ff9b::808:808',
      '::ffff:0:808:808',
      '2001:db8::a9fe:a9fe',
      'fd00:ec2::255',
    ]) {
      expect(isCloudMetadataAddress(address), address).toBe(false)
    }
  })

  it('classifies private, loopback and link-local addresses', () => {
    for (const host of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.1.1',
      '::1',
      'fd12::1',
      'fe80::1',
      'localhost',
      '192.0.0.8',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      'ff02::1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::8.8.8.8',
      '2002:0a00:0001::',
      '::ffff:0:10.0.0.1',
    ])
      expect(isPrivateAddress(host), host).toBe(true)
    for (const host of [
      '8.8.8.8',
      '172.32.0.1',
      '198.20.0.1',
      '192.0.1.1',
      '2001:db8::1',
      'example.com',
      '2002:808:808::',
      '64:ff9b::8.8.8.8',
      '2606:4700::1111',
    ])
      expect(isPrivateAddress(host), host).toBe(false)
  })
})

describe('loopback', () => {
  it('knows the names and addresses that stay on this machine', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.9.8.7', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(host), host).toBe(true)
    for (const host of [
      '10.0.0.1',
      'localhost.example.com',
      '128.0.0.1',
      '::2',
      'example.com',
      '[::ffff:10.0.0.1]',
      // Names a resolver answers for: DNS may point them anywhere.
      'app.localhost',
      'localhost.',
      'LOCALHOST.',
    ])
      expect(isLoopbackAddress(host), host).toBe(false)
  })
})
