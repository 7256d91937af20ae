/**
 * IP address reading for the outbound policy: IPv4 dotted quads, IPv6 in any spelling (compressed, expanded, with a
 * dotted IPv4 tail or a zone), and the IPv4 addresses an IPv6 address carries by the standard embeddings.
 */

/** The four octets of a dotted-quad IPv4 address, or undefined. */
export function parseIpv4(text: string): number[] | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
  if (!match) return undefined
  const octets = match.slice(1).map(Number)
  return octets.every((o) => o <= 255) ? octets : undefined
}

/** The eight 16-bit groups of an IPv6 address (brackets and a `%zone` allowed), or undefined when it is not one. */
export function parseIpv6(text: string): number[] | undefined {
  let h = text.toLowerCase()
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1)
  const zone = h.indexOf('%')
  if (zone !== -1) h = h.slice(0, zone)
  if (!h.includes(':')) return undefined
  const lastColon = h.lastIndexOf(':')
  const last = h.slice(lastColon + 1)
  if (last.includes('.')) {
    // A dotted IPv4 tail stands for the last two groups.
    const v4 = parseIpv4(last)
    if (!v4) return undefined
    const hi = (((v4[0] ?? 0) << 8) | (v4[1] ?? 0)).toString(16)
    const lo = (((v4[2] ?? 0) << 8) | (v4[3] ?? 0)).toString(16)
    h = `${h.slice(0, lastColon + 1)}${hi}:${lo}`
  }
  const halves = h.split('::')
  if (halves.length > 2) return undefined
  const readGroups = (part: string): number[] | undefined => {
    if (part === '') return []
    const groups: number[] = []
    for (const group of part.split(':')) {
      if (!/^[0-9a-f]{1,4}$/.test(group)) return undefined
      groups.push(parseInt(group, 16))
    }
    return groups
  }
  const head = readGroups(halves[0] ?? '')
  const rest = halves.length === 2 ? readGroups(halves[1] ?? '') : []
  if (!head || !rest) return undefined
  const given = head.length + rest.length
  if (halves.length === 2) {
    if (given > 7) return undefined
    return [...head, ...new Array<number>(8 - given).fill(0), ...rest]
  }
  return given === 8 ? head : undefined
}

const v4Of = (hi: number, lo: number): string => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`

const allZero = (groups: readonly number[], from: number, to: number): boolean =>
  groups.slice(from, to).every((g) => g === 0)

/**
 * The IPv4 addresses an IPv6 address reaches or names by a standard embedding: IPv4-mapped (`::ffff:0:0/96`),
 * IPv4-compatible (`::/96`), IPv4-translated (`::ffff:0:0:0/96`), NAT64 (`64:ff9b::/96`, and the local-use
 * `64:ff9b:1::/48` at each RFC 6052 prefix length an operator may pick in it), 6to4 (`2002::/16`), Teredo (server and
 * obfuscated client) and ISATAP interface ids.
 */
export function embeddedIpv4(groups: readonly number[]): string[] {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups
  const found: string[] = []
  const lastTwo = v4Of(g6, g7)
  if (allZero(groups, 0, 5) && (g5 === 0xffff || g5 === 0)) found.push(lastTwo)
  if (allZero(groups, 0, 4) && g4 === 0xffff && g5 === 0) found.push(lastTwo)
  if (g0 === 0x64 && g1 === 0xff9b) {
    if (allZero(groups, 2, 6)) found.push(lastTwo)
    if (g2 === 1) {
      // RFC 6052 §2.2: bits 64–71 (the high byte of the fifth group) are skipped.
      found.push(`${g3 >> 8}.${g3 & 255}.${g4 & 255}.${g5 >> 8}`) // /48
      found.push(`${g3 & 255}.${g4 & 255}.${g5 >> 8}.${g5 & 255}`) // /56
      found.push(`${g4 & 255}.${g5 >> 8}.${g5 & 255}.${g6 >> 8}`) // /64
      found.push(lastTwo) // /96
    }
  }
  if (g0 === 0x2002) found.push(v4Of(g1, g2))
  if (g0 === 0x2001 && g1 === 0) {
    found.push(v4Of(g2, g3))
    found.push(v4Of(g6 ^ 0xffff, g7 ^ 0xffff))
  }
  if ((g4 === 0 || g4 === 0x0200) && g5 === 0x5efe) found.push(lastTwo)
  return found
}

/** True when two group arrays name the same IPv6 address. */
export function sameIpv6(a: readonly number[], b: readonly number[]): boolean {
  return a.length === 8 && b.length === 8 && a.every((g, i) => g === b[i])
}
