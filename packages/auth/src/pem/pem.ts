/** PEM armour: find the first block, read its label, headers and DER bytes, and write PKCS#8 PEM back out. */
import { base64ToBytes, bytesToBase64 } from '../encoding/base64.js'

export interface PemBlock {
  label: string
  /** RFC 1421 headers such as `Proc-Type: 4,ENCRYPTED` (legacy OpenSSL encryption). */
  headers: Record<string, string>
  der: Uint8Array<ArrayBuffer>
}

const blockPattern = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/

/** The first PEM block of `text`, or undefined when there is none or its body is not base64. */
export function readPem(text: string): PemBlock | undefined {
  const match = blockPattern.exec(text)
  if (!match) return undefined
  const label = match[1] ?? ''
  const headers: Record<string, string> = {}
  const bodyLines: string[] = []
  for (const line of (match[2] ?? '').split(/\r?\n/)) {
    const trimmed = line.trim()
    if (trimmed === '') continue
    const header = /^([A-Za-z-]+):\s*(.*)$/.exec(trimmed)
    if (header && bodyLines.length === 0) headers[header[1] ?? ''] = header[2] ?? ''
    else bodyLines.push(trimmed)
  }
  const der = base64ToBytes(bodyLines.join(''))
  return der ? { label, headers, der } : undefined
}

/** The label of the first `-----BEGIN …-----` line, even when the block is malformed. */
export function pemLabel(text: string): string | undefined {
  return /-----BEGIN ([A-Z0-9 ]+)-----/.exec(text)?.[1]
}

export function writePem(label: string, der: Uint8Array): string {
  const lines = bytesToBase64(der).match(/.{1,64}/g) ?? []
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`
}
