/** The fixed credentials of the demo services; published on purpose so that tests and the docs can use them. */
export const demoCredentials = {
  bearerToken: 'demo-token',
  basic: { username: 'demo', password: 'demo' },
  apiKey: { header: 'X-API-Key', queryParameter: 'api_key', value: 'demo-key' },
} as const
