/** Basic Auth: `Authorization: Basic base64(UTF-8 "username:password")`, so non-ASCII characters work. */
import type { BasicAuth } from '../environment.js'
import { bytesToBase64, utf8Bytes } from '../encoding/base64.js'
import type { AuthScheme } from '../scheme/types.js'

export function basicCredentials(username: string, password: string): string {
  return `Basic ${bytesToBase64(utf8Bytes(`${username}:${password}`))}`
}

export const basicScheme: AuthScheme<BasicAuth> = {
  type: 'basic',
  label: 'Basic Auth',
  description: 'Sends Authorization: Basic with the UTF-8 username and password.',
  fields: [
    { key: 'username', label: 'Username', kind: 'text' },
    { key: 'password', label: 'Password', kind: 'secret', secret: true, optional: true },
  ],
  defaults: () => ({ type: 'basic', username: '', password: '' }),
  headerNames: () => ['Authorization'],
  apply: (config) =>
    Promise.resolve({ headers: { Authorization: basicCredentials(config.username, config.password) }, markers: {} }),
}
