/**
 * `wirebench call --env`: an environment of environments.json applied by the same auth pipeline as the UI, against
 * real servers — bearer and API key (query) on the demo, a JWT and OAuth client credentials (oidc-provider) seen by a
 * recording server, SigV4 verified by s3rver — plus `--var`/`--env-file`, `-v` masking, and credentials refused to a
 * host nobody approved (the spy proves the call never left).
 */
import { createHmac } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import type { IncomingHttpHeaders, Server } from 'node:http'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemo } from '@wirebench/demo'
import type { DemoHandle } from '@wirebench/demo'
import { runCli } from '../servers/cli/run-cli.js'
import { startCredentialSpy } from '../servers/hosts/credential-spy.js'
import type { CredentialSpy } from '../servers/hosts/credential-spy.js'
import { startOidcProvider } from '../servers/oidc/provider.js'
import type { OidcProvider } from '../servers/oidc/provider.js'
import { startStaticServer } from '../servers/rest/static-server.js'
import type { StaticServer } from '../servers/rest/static-server.js'
import { createTestPki } from '../servers/tls/pki.js'
import { startSessionServer } from '../servers/tls/session-server.js'
import type { SessionServer } from '../servers/tls/session-server.js'

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>
  close(): Promise<void>
  httpServer: Server
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverConstructor

const jwtSecret = 'cli-jwt-secret-0123456789abcdef'

describe('wirebench call with --env', () => {
  let demo: DemoHandle
  let spy: CredentialSpy
  let oidc: OidcProvider
  let s3: S3rverInstance
  let s3Dir: string
  let files: StaticServer
  let mtls: SessionServer
  let dir: string
  let downTokenUrl: string
  const s3Authorization: string[] = []
  /** The document is served from another port than s3rver's: on this machine that is another host to approve. */
  let s3Host: string
  const restUrl = () => demo.services.find((s) => s.protocol === 'rest')?.url ?? ''
  const cli = (args: string[]) => runCli([...args, '--config-dir', dir])

  beforeAll(async () => {
    ;[demo, spy, files] = await Promise.all([
      startDemo({ host: '127.0.0.1' }),
      startCredentialSpy('127.0.0.1', 'spy'),
      startStaticServer(),
    ])
    const pki = await createTestPki()
    mtls = await startSessionServer({ tls: { key: pki.serverKey, cert: pki.serverCertificate, ca: pki.caCertificate } })
    oidc = await startOidcProvider({ redirectUris: ['http://localhost:5080/oauth-callback'] })
    s3Dir = await mkdtemp(join(tmpdir(), 'wb-cli-s3-'))
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, resetOnClose: true })
    const { port } = await s3.run()
    s3Host = `127.0.0.1:${port}`
    s3.httpServer.prependListener('request', (request: { headers: IncomingHttpHeaders }) => {
      s3Authorization.push(request.headers.authorization ?? '')
    })
    const document = await readFile(new URL('../fixtures/sigv4/s3-subset.openapi.yaml', import.meta.url), 'utf8')
    files.route('/s3.yaml', {
      contentType: 'application/yaml',
      body: document.replace(/^paths:/m, `servers:\n  - url: http://127.0.0.1:${port}\npaths:`),
    })
    dir = await mkdtemp(join(tmpdir(), 'wb-cli-auth-'))
    // A token endpoint that is down: a port that was free a moment ago.
    downTokenUrl = await new Promise<string>((resolve) => {
      const probe = createServer()
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(`http://127.0.0.1:${port}/oauth/token`))
      })
    })
    const environment = (name: string, auth: Record<string, unknown>, vars: Record<string, string> = {}) => ({
      id: name,
      name,
      vars,
      auth,
    })
    await writeFile(
      join(dir, 'environments.json'),
      JSON.stringify({
        version: 2,
        activeEnvironmentId: null,
        environments: [
          environment('bearer', { type: 'bearer', token: '${token}' }, { token: 'demo-token' }),
          environment('query-key', { type: 'apikey', key: 'api_key', value: 'demo-key', location: 'query' }),
          environment(
            'jwt',
            {
              type: 'jwt',
              algorithm: 'HS256',
              secret: jwtSecret,
              header: '{"typ": "JWT"}',
              payload: '{"sub": "${user}"}',
            },
            { user: 'ada' },
          ),
          environment('service', {
            type: 'oauth2_cc',
            tokenUrl: oidc.tokenUrl,
            clientId: oidc.clients.confidential.clientId,
            clientSecret: oidc.clients.confidential.clientSecret,
            scope: 'api:read',
            audience: '',
          }),
          environment('token-down', {
            type: 'oauth2_cc',
            tokenUrl: downTokenUrl,
            clientId: 'service',
            clientSecret: 'service-secret',
            scope: '',
            audience: '',
          }),
          environment(
            's3',
            {
              type: 'aws_sigv4',
              accessKey: 'S3RVER',
              secretKey: '${secret}',
              region: 'us-east-1',
              service: 's3',
              sessionToken: '',
            },
            { secret: 'S3RVER' },
          ),
          environment('mtls', {
            type: 'mtls',
            certificate: pki.clientCertificate,
            privateKey: pki.clientKey,
            caCertificate: pki.caCertificate,
            allowSelfSigned: false,
          }),
          environment('browser', {
            type: 'oauth2_ac',
            authorizationUrl: oidc.authorizationUrl,
            tokenUrl: oidc.tokenUrl,
            clientId: oidc.clients.public.clientId,
            clientSecret: '',
            scope: 'openid',
          }),
        ],
      }),
    )
  })
  afterAll(async () => {
    await Promise.allSettled([demo?.close(), spy?.close(), oidc?.close(), s3?.close(), files?.close(), mtls?.close()])
    await rm(dir, { recursive: true, force: true })
    await rm(s3Dir, { recursive: true, force: true })
  })

  it('applies a bearer token from the environment (its ${var} resolved), and the demo refuses the call without it', async () => {
    const withEnv = await cli(['call', '--url', restUrl(), 'Auth/whoAmI', '--env', 'bearer'])
    expect(withEnv.code, withEnv.err).toBe(0)
    expect(JSON.parse(withEnv.out)).toMatchObject({ scheme: 'bearerAuth' })
    const without = await cli(['call', '--url', restUrl(), 'Auth/whoAmI'])
    expect(without.code).toBe(1)
    expect(without.err).toMatch(/HTTP 401/)
  })

  it('lets --var and --env-file override the environment’s variables (the command line wins)', async () => {
    const wrong = await cli(['call', '--url', restUrl(), 'Auth/whoAmI', '--env', 'bearer', '--var', 'token=wrong'])
    expect(wrong.code).toBe(1)
    const file = join(dir, 'vars.env')
    await writeFile(file, '# tokens\ntoken="wrong-too"\n')
    expect((await cli(['call', '--url', restUrl(), 'Auth/whoAmI', '--env', 'bearer', '--env-file', file])).code).toBe(1)
    const fixed = await cli([
      'call',
      '--url',
      restUrl(),
      'Auth/whoAmI',
      '--env',
      'bearer',
      '--env-file',
      file,
      '--var',
      'token=demo-token',
    ])
    expect(fixed.code).toBe(0)
  })

  it('sends an API key in the query', async () => {
    const result = await cli(['call', '--url', restUrl(), 'Auth/whoAmI', '--env', 'query-key', '-v'])
    expect(result.code, result.err).toBe(0)
    expect(JSON.parse(result.out)).toMatchObject({ scheme: 'apiKeyQuery' })
    expect(result.err).toMatch(/^> GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/auth\/whoami\?api_key=\*\*\*$/m)
    expect(result.err).not.toContain('demo-key')
  })

  it('masks the credentials in -v: the Authorization header and the secret value wherever it appears', async () => {
    const result = await cli([
      'call',
      '--url',
      restUrl(),
      'Auth/whoAmI',
      '--env',
      'bearer',
      '-v',
      '-H',
      'x-echo: demo-token',
    ])
    expect(result.code).toBe(0)
    expect(result.err).toMatch(/^> authorization: \*\*\*$/m)
    expect(result.err).toMatch(/^> x-echo: \*\*\*$/m)
    expect(result.err).toMatch(/^< OK \(HTTP 200\)/m)
    expect(result.err).not.toContain('demo-token')
  })

  it('masks --var and --env-file values in -v when no --env is named', async () => {
    const file = join(dir, 'masked.env')
    await writeFile(file, 'fileToken=from-the-file-42\n')
    const result = await cli([
      'call',
      '--url',
      restUrl(),
      'Auth/whoAmI',
      '--env-file',
      file,
      '--var',
      'token=demo-token',
      '-H',
      'Authorization: Bearer ${token}',
      '-H',
      'x-echo: ${fileToken}',
      '-v',
    ])
    expect(result.code, result.err).toBe(0)
    expect(result.err).toMatch(/^> authorization: \*\*\*$/m)
    expect(result.err).toMatch(/^> x-echo: \*\*\*$/m)
    expect(result.err).not.toContain('demo-token')
    expect(result.err).not.toContain('from-the-file-42')
  })

  it('signs a JWT with the environment’s secret and claims', async () => {
    const result = await cli(['call', '--url', spy.docUrl, 'spy/spyWhoami', '--env', 'jwt'])
    expect(result.code, result.err).toBe(0)
    const authorization = spy.requests.at(-1)?.headers['authorization']
    const [header, payload, signature] = String(authorization)
      .replace(/^Bearer /, '')
      .split('.')
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({ sub: 'ada' })
    const expected = createHmac('sha256', jwtSecret).update(`${header}.${payload}`).digest('base64url')
    expect(signature).toBe(expected)
  })

  it('fetches an OAuth client-credentials token from oidc-provider and sends it', async () => {
    const result = await cli(['call', '--url', spy.docUrl, 'spy/spyWhoami', '--env', 'service'])
    expect(result.code, result.err).toBe(0)
    const authorization = String(spy.requests.at(-1)?.headers['authorization'])
    expect(authorization).toMatch(/^Bearer \S{20,}$/)
  })

  it('names the token URL and the cause when the OAuth token endpoint is down, and sends no call', async () => {
    const before = spy.requests.length
    const result = await cli(['call', '--url', spy.docUrl, 'spy/spyWhoami', '--env', 'token-down'])
    expect(result.code).toBe(3)
    expect(result.err).toContain(`token request to ${downTokenUrl} failed`)
    expect(result.err).toMatch(/connection refused/)
    expect(result.err).not.toContain('service-secret')
    // Discovery read the document; the call itself never went out.
    expect(spy.requests.slice(before).filter((r) => r.url.startsWith('/whoami'))).toEqual([])
  })

  it('signs with SigV4 so that s3rver accepts the call', async () => {
    const bucket = await cli([
      'call',
      '--url',
      `${files.origin}/s3.yaml`,
      'buckets/CreateBucket',
      '-d',
      '{"Bucket": "cli"}',
      '--env',
      's3',
      '--allow-credentials-host',
      s3Host,
    ])
    expect(bucket.code, bucket.err + bucket.out).toBe(0)
    const list = await cli([
      'call',
      '--url',
      `${files.origin}/s3.yaml`,
      'objects/ListObjectsV2',
      '-d',
      '{"Bucket": "cli"}',
      '--env',
      's3',
      '--allow-credentials-host',
      s3Host,
    ])
    expect(list.code, list.err + list.out).toBe(0)
    expect(s3Authorization.at(-1)).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request/)
    // s3rver checks the signature: one made with another secret key is refused.
    const forged = await cli([
      'call',
      '--url',
      `${files.origin}/s3.yaml`,
      'objects/ListObjectsV2',
      '-d',
      '{"Bucket": "cli"}',
      '--env',
      's3',
      '--allow-credentials-host',
      s3Host,
      '--var',
      'secret=not-the-key',
    ])
    expect(forged.code).toBe(1)
    expect(forged.err).toMatch(/HTTP 403/)
  })

  it('presents the environment’s client certificate (mTLS), which the server demands for every request', async () => {
    const result = await cli(['call', '--url', mtls.docUrl, 'identity/whoami', '--env', 'mtls'])
    expect(result.code, result.err).toBe(0)
    expect(JSON.parse(result.out)).toMatchObject({ authorized: true, clientCommonName: expect.any(String) })
    // Without it the TLS handshake fails: nothing can be discovered.
    expect((await cli(['call', '--url', mtls.docUrl, 'identity/whoami'])).code).toBe(3)
  })

  it('refuses to send credentials to a host nobody approved, and sends nothing there', async () => {
    // Discovered through `localhost`, the spy's document sends calls to 127.0.0.1: another host name.
    const docUrl = spy.docUrl.replace('127.0.0.1', 'localhost')
    const before = spy.requests.length
    const refused = await cli(['call', '--url', docUrl, 'spy/spyNote', '-d', '{"text": "hi"}', '--env', 'bearer'])
    expect(refused.code).toBe(2)
    // On this machine a host is its name and port: another port is another program.
    const spyHost = new URL(spy.origin).host
    expect(refused.err).toContain(`not approved for ${spyHost}; the call was not sent`)
    expect(refused.err).toContain(`--allow-credentials-host ${spyHost}`)
    // Discovery only read (GET) what it probed; no note was posted.
    expect(spy.requests.slice(before).map((r) => r.method)).not.toContain('POST')
    expect(spy.requests.slice(before).length).toBeGreaterThan(0)
    const allowed = await cli([
      'call',
      '--url',
      docUrl,
      'spy/spyNote',
      '-d',
      '{"text": "hi"}',
      '--env',
      'bearer',
      '--allow-credentials-host',
      spyHost,
    ])
    expect(allowed.code, allowed.err).toBe(0)
    expect(spy.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/notes',
      headers: { authorization: 'Bearer demo-token' },
    })
  })

  it('says that OAuth authorization code needs a browser, and names the environments when one does not exist', async () => {
    const browser = await cli(['call', '--url', restUrl(), 'Auth/whoAmI', '--env', 'browser'])
    expect(browser.code).toBe(2)
    expect(browser.err).toMatch(/authorization code, which needs a browser/)
    const missing = await cli(['call', '--url', restUrl(), 'Auth/whoAmI', '--env', 'nope'])
    expect(missing.code).toBe(2)
    expect(missing.err).toMatch(/No environment "nope".*\n {2}Environments there: "bearer", "query-key"/)
  })
})
