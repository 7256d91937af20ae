/**
 * Credentials in a k6 script: written as `__ENV` references (with what each variable must hold), a masked query API key
 * unmasked as one, and notes for what the transport's markers did for the run that the script does not do.
 */
import { mapQueryPairs } from '@wirebench/core'
import type { CallMarkers } from '@wirebench/core'
import type { K6Secret, K6Target } from '@wirebench/loadrun'
import { MASK } from '@wirebench/transport/net'

/** Headers a SigV4 signature sets: valid for one request at one time, so never written as static values. */
export const sigV4Headers = new Set(['authorization', 'x-amz-date', 'x-amz-content-sha256', 'x-amz-security-token'])

export function envName(header: string): string {
  return `WB_${header.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`
}

/** A credential header's value read from the environment: the whole value, as the run sent it. */
export function credential(name: string, value: string): K6Secret {
  const scheme = /^(proxy-)?authorization$/i.test(name) ? ', scheme included (e.g. "Bearer <token>")' : ''
  return { env: envName(name), value, about: `the whole ${name} value the run sent${scheme}.` }
}

/**
 * The sent URL with each query parameter the transport masked (an API key the environment puts in the query) read from
 * the environment. The script reads the value whole, so the URL holds a stand-in no URL could carry until it is
 * replaced: the key itself, if short, could also occur elsewhere in the URL.
 */
export function unmaskedUrl(url: string, secrets: K6Secret[]): string {
  return mapQueryPairs(url, ({ pair, key, value }) => {
    if (value !== MASK) return pair
    const name = new URLSearchParams(`${key}=`).keys().next().value ?? key
    const env = envName(`query_${name}`)
    secrets.push({ env, value: `\u0000${env}`, about: `the ${name} query parameter's value, URL-encoded.` })
    return `${key}=\u0000${env}`
  })
}

/** What the transport's markers did for the run that the script does not do, or does another way. */
export function markerNotes(markers: CallMarkers, kind: K6Target['kind']): string[] {
  const notes: string[] = []
  if (markers.sigv4) {
    notes.push(
      'The run signed every request with AWS SigV4 (the signature covers the time and the body): this script sends ' +
        'no signature. Sign each request in the script (e.g. with the k6 jslib aws SignatureV4) or the target will ' +
        'refuse it.',
    )
  }
  if (markers.cookieEnv !== undefined && kind !== 'grpc') {
    notes.push(
      'The run sent the cookies the workbench keeps for its environment (updated as the server set them); this ' +
        'script sends the cookie header one call sent, from -e WB_COOKIE=… (none if that call had none).',
    )
  }
  if ([markers.trust, markers.mtls].some((trust) => trust?.caCertificate !== undefined || trust?.allowSelfSigned)) {
    notes.push(
      'The run trusted a CA certificate of its own or accepted self-signed certificates: give k6 the same trust ' +
        '(the CA in the system store, or insecureSkipTLSVerify in the options).',
    )
  }
  return notes
}
