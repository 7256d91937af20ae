/**
 * Constraints a field's description states in words ("3 to 32 characters", "a 32-byte SHA-256"), for samples a server
 * that checks them accepts. Proto comments are free text: only the usual phrasings are read, and nothing else is
 * inferred from them.
 */
import type { FieldInfo } from '../model/wire.js'
import { nameWords } from './example-samples.js'

export interface StatedLength {
  min?: number
  max?: number
}

const unit = String.raw`(?:characters|chars|letters)`

/** The length range a description states for a text: "3 to 32 characters", "at least 3 characters", "at most 80…". */
export function statedLength(description: string | undefined): StatedLength | undefined {
  if (!description) return undefined
  const range = new RegExp(String.raw`(\d+)\s*(?:to|-|–|and)\s*(\d+)\s*${unit}`, 'i').exec(description)
  if (range) return { min: Number(range[1]), max: Number(range[2]) }
  const min = new RegExp(String.raw`at least\s+(\d+)\s*${unit}`, 'i').exec(description)
  const max = new RegExp(String.raw`(?:at most|up to|no more than)\s+(\d+)\s*${unit}`, 'i').exec(description)
  if (!min && !max) return undefined
  return { ...(min ? { min: Number(min[1]) } : {}), ...(max ? { max: Number(max[1]) } : {}) }
}

/** A text sample made to fit the stated length: padded with digits (ids stay id-like), or cut. */
export function fitLength(sample: string, length: StatedLength | undefined): string {
  if (!length) return sample
  let fitted = sample
  if (length.min !== undefined && fitted.length < length.min) fitted = fitted.padEnd(length.min, '0')
  if (length.max !== undefined && fitted.length > length.max) fitted = fitted.slice(0, Math.max(length.max, 0))
  return fitted
}

/** Digests of "hello", base64, by the byte length of their algorithm. */
const digests: ReadonlyArray<{ pattern: RegExp; sample: string }> = [
  {
    pattern: /sha-?512/i,
    sample: 'm3HSJL1i83hdltRq0+o9czGb+8KJDKra4t/3JRlnPKcjI8PZm6XBHXx6zG4UuMXaDEZjR1wuXDre9G9zvN7AQw==',
  },
  { pattern: /sha-?256|32[- ]byte/i, sample: 'LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ=' },
  { pattern: /sha-?1\b|20[- ]byte/i, sample: 'qvTGHdzF6KLavt4PO0gs2a6pQ00=' },
  { pattern: /md5|16[- ]byte/i, sample: 'XUFAKrxLKna5cZ2REBfFkg==' },
]

const digestWords = ['hash', 'digest', 'checksum', 'sha', 'sha256', 'fingerprint']

/**
 * A bytes sample of the length a digest field needs: the algorithm its description names, else SHA-256's 32 bytes
 * for a field named like a digest (`firmware_hash`); undefined for other bytes.
 */
export function digestSample(field: Pick<FieldInfo, 'name' | 'description'>): string | undefined {
  const text = field.description ?? ''
  const stated = digests.find((d) => d.pattern.test(text))
  if (stated) return stated.sample
  const named = nameWords(field.name).some((word) => digestWords.includes(word))
  return named ? digests[1]!.sample : undefined
}
