/** Base64 and base64url over bytes and UTF-8 text, without Node's Buffer (this package runs in the browser). */

const textEncoder = new TextEncoder()

export function utf8Bytes(text: string): Uint8Array<ArrayBuffer> {
  return textEncoder.encode(text)
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  // Chunked so very large inputs (PEM files) do not overflow the argument list of fromCharCode.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Decodes standard base64 (whitespace ignored); returns undefined when the text is not base64. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  const clean = text.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return undefined
  const binary = atob(clean)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export function randomBase64Url(byteLength: number): string {
  return bytesToBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(byteLength)))
}
