/**
 * What a failed TLS handshake means and what to do about it: server certificates we do not trust, servers that want
 * (or refuse) our client certificate. OpenSSL names the alert; TLS 1.3 servers often just close the connection after
 * the handshake instead, which only the hint can point at.
 */

export interface TlsFailure {
  /** Completes "TLS handshake with <host> failed: …". */
  reason: string
  hint: string
}

const untrustedServer: TlsFailure = {
  reason: 'its certificate is not issued by a CA this workbench trusts',
  hint:
    'Paste the CA certificate that issued the server certificate in the environment’s TLS trust settings ' +
    '(Environments → TLS trust), or tick “Allow self-signed” there for a development server.',
}

const serverCertificate: Record<string, TlsFailure> = {
  SELF_SIGNED_CERT_IN_CHAIN: untrustedServer,
  DEPTH_ZERO_SELF_SIGNED_CERT: untrustedServer,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: untrustedServer,
  UNABLE_TO_GET_ISSUER_CERT: untrustedServer,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: untrustedServer,
  CERT_UNTRUSTED: untrustedServer,
  CERT_HAS_EXPIRED: {
    reason: 'its certificate has expired',
    hint:
      'Renew the server certificate, or tick “Allow self-signed” in the environment’s TLS trust settings to skip ' +
      'checks for a development server.',
  },
  CERT_NOT_YET_VALID: {
    reason: 'its certificate is not valid yet',
    hint: 'Check this machine’s clock and the certificate’s start date.',
  },
  ERR_TLS_CERT_ALTNAME_INVALID: {
    reason: 'its certificate is not valid for this host name',
    hint: 'Call the server by a name its certificate lists (subject alternative names), or fix the certificate.',
  },
}

const clientRejected: TlsFailure = {
  reason: 'the server rejected the client certificate',
  hint: 'Use a client certificate issued by a CA the server trusts, and check that it has not expired.',
}

const clientCertificateAlerts: Record<string, TlsFailure> = {
  ERR_SSL_TLSV1_ALERT_UNKNOWN_CA: clientRejected,
  ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE: clientRejected,
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN: clientRejected,
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED: clientRejected,
  ERR_SSL_TLSV1_ALERT_ACCESS_DENIED: clientRejected,
  ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED: {
    reason: 'the server requires a client certificate',
    hint: 'Configure mTLS for this environment: a client certificate and its private key.',
  },
}

const handshakeRefused = (hasClientCertificate: boolean): TlsFailure =>
  hasClientCertificate
    ? clientRejected
    : {
        reason: 'the server refused the handshake',
        hint: 'The server may require a client certificate: configure mTLS for this environment.',
      }

/** The TLS failure behind an error code, or undefined when the code is not a TLS one. */
export function tlsFailure(code: string, hasClientCertificate: boolean): TlsFailure | undefined {
  const known = serverCertificate[code] ?? clientCertificateAlerts[code]
  if (known) return known
  if (code === 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE') return handshakeRefused(hasClientCertificate)
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code.includes('CERT')) {
    return {
      reason: `OpenSSL reported ${code}`,
      hint: 'Check the server certificate, and the environment’s TLS trust and mTLS settings.',
    }
  }
  return undefined
}

/** Hint for an https connection the server closed without answering: how TLS 1.3 servers refuse a certificate. */
export function closedAfterHandshakeHint(hasClientCertificate: boolean): string {
  return hasClientCertificate
    ? 'The server closed the connection without answering: it may have rejected the client certificate (not issued ' +
        'by a CA it trusts, or expired). Check the certificate and the server’s logs.'
    : 'The server closed the connection without answering. If it requires a client certificate, configure mTLS for ' +
        'this environment; otherwise check its logs.'
}
