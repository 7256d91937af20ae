/** Signature Version 4: the `__workbenchSigV4__` marker; the REST invoker signs the finished request (REST only). */
import { SIGV4_MARKER, WorkbenchError, type SigV4Marker } from '@wirebench/core'
import type { SigV4Auth } from '../environment.js'
import type { AuthScheme } from '../scheme/types.js'

export const sigV4Scheme: AuthScheme<SigV4Auth> = {
  type: 'aws_sigv4',
  label: 'AWS Signature v4',
  description: 'Signs the whole HTTP request (REST only; other protocols ignore it).',
  protocols: ['rest'],
  fields: [
    { key: 'accessKey', label: 'Access Key ID', kind: 'text', placeholder: '${awsAccessKeyId}' },
    {
      key: 'secretKey',
      label: 'Secret Access Key',
      kind: 'secret',
      secret: true,
      placeholder: '${awsSecretAccessKey}',
    },
    { key: 'region', label: 'Region', kind: 'text', placeholder: 'us-east-1' },
    { key: 'service', label: 'Service', kind: 'text', placeholder: 's3' },
    { key: 'sessionToken', label: 'Session Token', kind: 'secret', secret: true, optional: true },
  ],
  defaults: () => ({ type: 'aws_sigv4', accessKey: '', secretKey: '', region: '', service: '', sessionToken: '' }),
  // The signature goes in Authorization: a manual Authorization means the user signs, so the helper stays out.
  headerNames: () => ['Authorization'],
  apply(config) {
    const missing = (['accessKey', 'secretKey', 'region', 'service'] as const).filter((k) => config[k].trim() === '')
    if (missing.length > 0) {
      return Promise.reject(
        new WorkbenchError('invalid_request', `Signature v4 needs ${missing.join(', ')}.`, {
          hint: 'Fill in the missing fields, or reference environment variables such as ${awsSecretAccessKey}.',
        }),
      )
    }
    const marker: SigV4Marker = {
      accessKey: config.accessKey,
      secretKey: config.secretKey,
      region: config.region,
      service: config.service,
    }
    if (config.sessionToken !== '') marker.sessionToken = config.sessionToken
    return Promise.resolve({ headers: {}, markers: { [SIGV4_MARKER]: JSON.stringify(marker) } })
  },
}
