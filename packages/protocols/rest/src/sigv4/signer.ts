/**
 * AWS Signature Version 4 over the official signer (`@smithy/signature-v4`): canonical request, string to sign,
 * derived key, HMAC-SHA256. Also hands back the canonical request and the string to sign, which is how the public
 * SigV4 test suite checks each step.
 */
import { Sha256 } from '@aws-crypto/sha256-js'
import { SignatureV4 } from '@smithy/signature-v4'
import type { SigV4Marker } from '@wirebench/core'

/** A request as the signer sees it: the path as sent (percent-encoded), the query decoded into a map. */
export interface SignableRequest {
  method: string
  /** `https:` or `http:`. */
  protocol: string
  hostname: string
  port?: number
  path: string
  /** Decoded names and values; a repeated name holds an array. */
  query: Record<string, string | string[]>
  /** Must include `host` as it will be sent. */
  headers: Record<string, string>
  body?: string | Uint8Array
}

export interface SigV4SignOptions {
  credentials: SigV4Marker
  /** Default: now. */
  signingDate?: Date
  /** Lower-case names left out of the signature (a header changed after signing, such as a jar's Cookie). */
  unsignableHeaders?: ReadonlySet<string>
  /**
   * Send the payload hash as `X-Amz-Content-Sha256` (S3 requires it; every service accepts it). Default true; the
   * public test suite predates the header and is checked with it off.
   */
  contentHashHeader?: boolean
}

export interface SignedHeaders {
  /** The request's headers plus Authorization, X-Amz-Date, X-Amz-Content-Sha256 and X-Amz-Security-Token. */
  headers: Record<string, string>
  canonicalRequest: string
  stringToSign: string
}

type SmithyRequest = Parameters<SignatureV4['presign']>[0]

/** One signer per request: it records the intermediate strings of that request. */
class RecordingSigner extends SignatureV4 {
  canonicalRequest = ''
  stringToSign = ''

  protected override createCanonicalRequest(
    request: SmithyRequest,
    canonicalHeaders: SmithyRequest['headers'],
    payloadHash: string,
  ): string {
    this.canonicalRequest = super.createCanonicalRequest(request, canonicalHeaders, payloadHash)
    return this.canonicalRequest
  }

  protected override async createStringToSign(
    longDate: string,
    credentialScope: string,
    canonicalRequest: string,
    algorithmIdentifier: string,
  ): Promise<string> {
    this.stringToSign = await super.createStringToSign(longDate, credentialScope, canonicalRequest, algorithmIdentifier)
    return this.stringToSign
  }
}

/** The names the signer adds, as AWS writes them (HTTP does not care; people reading the console do). */
const displayNames: Record<string, string> = {
  authorization: 'Authorization',
  'x-amz-date': 'X-Amz-Date',
  'x-amz-content-sha256': 'X-Amz-Content-Sha256',
  'x-amz-security-token': 'X-Amz-Security-Token',
}

/** S3 (and its variants) canonicalises the path as sent; every other service encodes it once more. */
export function isS3Service(service: string): boolean {
  return /^s3(?:$|-)/i.test(service) || service.toLowerCase() === 's3express'
}

export async function signSigV4(request: SignableRequest, options: SigV4SignOptions): Promise<SignedHeaders> {
  const { credentials } = options
  const signer = new RecordingSigner({
    service: credentials.service,
    region: credentials.region,
    credentials: {
      accessKeyId: credentials.accessKey,
      secretAccessKey: credentials.secretKey,
      sessionToken: credentials.sessionToken,
    },
    sha256: Sha256,
    uriEscapePath: !isS3Service(credentials.service),
    applyChecksum: options.contentHashHeader ?? true,
  })
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: request.protocol,
      hostname: request.hostname,
      port: request.port,
      path: request.path,
      query: request.query,
      headers: request.headers,
      body: request.body,
    },
    {
      signingDate: options.signingDate ?? new Date(),
      unsignableHeaders: options.unsignableHeaders ? new Set(options.unsignableHeaders) : undefined,
    },
  )
  const headers = Object.create(null) as Record<string, string>
  for (const [name, value] of Object.entries(signed.headers)) headers[displayNames[name] ?? name] = value
  return { headers, canonicalRequest: signer.canonicalRequest, stringToSign: signer.stringToSign }
}
