import { describe, expect, it } from 'vitest'
import { embeddedIpv4, parseIpv4, parseIpv6 } from './ip-address.js'

describe('IP address reading', () => {
  it('reads dotted quads and refuses octets over 255', () => {
    expect(parseIpv4('169.254.169.254')).toEqual([169, 254, 169, 254])
    expect(parseIpv4('256.1.1.1')).toBeUndefined()
    expect(parseIpv4('1.2.3')).toBeUndefined()
  })

  it('reads IPv6 compressed, expanded, bracketed, zoned and with a dotted tail', () => {
    const expected = [0, 0, 0, 0, 0, 0xffff, 0xa9fe, 0xa9fe]
    for (const text of [
      '::ffff:a9fe:a9fe',
      '[::ffff:169.254.169.254]',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::FFFF:A9FE:A9FE%lo',
    ]) {
      expect(parseIpv6(text), text).toEqual(expected)
    }
    expect(parseIpv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
    expect(parseIpv6('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0])
    expect(parseIpv6('::1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0, 0x102, 0x304])
    for (const text of ['1:2:3:4:5:6:7:8:9', '1::2::3', 'fffff::', 'example.com', '1.2.3.4', '1:2:3:4:5:6:7']) {
      expect(parseIpv6(text), text).toBeUndefined()
    }
  })

  it('finds the IPv4 address of each standard embedding', () => {
    const embedded = (text: string) => embeddedIpv4(parseIpv6(text) ?? [])
    expect(embedded('::ffff:1.2.3.4')).toContain('1.2.3.4')
    expect(embedded('::ffff:0:1.2.3.4')).toContain('1.2.3.4')
    expect(embedded('64:ff9b::1.2.3.4')).toContain('1.2.3.4')
    expect(embedded('2002:102:304::')).toContain('1.2.3.4')
    expect(embedded('64:ff9b:1:102:3:400::')).toContain('1.2.3.4')
    expect(embedded('2001:0:4136:e378:8000:63bf:fefd:fcfb')).toContain('1.2.3.4')
    expect(embedded('2001:db8::1')).toEqual([])
  })
})
