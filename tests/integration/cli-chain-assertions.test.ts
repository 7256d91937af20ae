/**
 * `wirebench call --workspace --request a --request b` against the REST demo: a later saved request reads an earlier
 * one's response (`${auth/login.response.…}`, `${response.…}`), and each saved request's assertions are checked on
 * its response, printed to stderr, and turn the exit code to 1 when one does not pass.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SavedAssertion, SavedRequest } from '@wirebench/core'
import { startRestDemo } from '@wirebench/demo'
import type { DemoServiceHandle } from '@wirebench/demo'
import { ndjson, runCli } from '../servers/cli/run-cli.js'
import { startCredentialSpy } from '../servers/hosts/credential-spy.js'
import type { CredentialSpy } from '../servers/hosts/credential-spy.js'

describe('wirebench call: chaining and assertions of saved requests', () => {
  let rest: DemoServiceHandle
  /** Records what reaches it: proves a refused call sent nothing. */
  let spy: CredentialSpy
  let root: string
  const workspace = () => join(root, 'ws')
  const cli = (...requests: string[]) =>
    runCli([
      'call',
      '--workspace',
      workspace(),
      ...requests.flatMap((request) => ['--request', request]),
      '--config-dir',
      join(root, 'config'),
    ])

  async function save(path: string, request: Partial<SavedRequest>): Promise<void> {
    const saved: SavedRequest = {
      version: 1,
      name: path,
      protocol: 'rest',
      url: rest.service.url,
      service: 'Echo',
      method: 'echoGet',
      messages: [{}],
      ...request,
    }
    await mkdir(join(workspace(), 'requests', path, '..'), { recursive: true })
    await writeFile(join(workspace(), 'requests', `${path}.json`), JSON.stringify(saved, null, 2))
  }
  const echo = (out: string, index: number) =>
    ndjson(out)[index] as {
      query: Record<string, string>
      headers: Record<string, string>
    }

  beforeAll(async () => {
    ;[rest, spy] = await Promise.all([startRestDemo({ host: '127.0.0.1' }), startCredentialSpy('127.0.0.1', 'spy')])
    root = await mkdtemp(join(tmpdir(), 'wb-cli-chain-'))
    await mkdir(join(root, 'config'), { recursive: true, mode: 0o700 })
    await save('auth/log in v1.2', { messages: [{ text: 'tok-4711' }] })
    await save('smoke/use token', {
      messages: [{ text: '${response.query.text}|${response.status}' }],
      metadata: { 'x-token': 'Bearer ${auth/log in v1.2.response.query.text}' },
    })
  })
  afterAll(async () => {
    await Promise.all([rest?.close(), spy?.close()])
    await rm(root, { recursive: true, force: true })
  })

  it("feeds an earlier request's response into a later one's headers and message", async () => {
    const { code, out, err } = await cli('auth/log in v1.2', 'smoke/use token')
    expect(err).toBe('')
    expect(code).toBe(0)
    const second = echo(out, 1)
    expect(second.headers['x-token']).toBe('Bearer tok-4711')
    expect(second.query['text']).toBe('tok-4711|200')
  })

  it('refuses a reference to a request this command did not send, before sending anything', async () => {
    await save('spy/who', {
      url: spy.docUrl,
      service: 'spy',
      method: 'spyWhoami',
      metadata: { 'x-token': '${auth/log in v1.2.response.query.text}', 'x-prev': '${response.status}' },
    })
    const { code, err } = await cli('spy/who')
    expect(code).toBe(2)
    expect(err).toContain('Undefined variables: ${auth/log in v1.2.response.query.text}, ${response.status}.')
    expect(err).toMatch(/put --request <folder\/name> of that request before this one/)
    expect(spy.requests.filter((r) => r.url.startsWith('/whoami'))).toEqual([])
    // Sent after the request it reads, the same file goes.
    const chained = await cli('auth/log in v1.2', 'spy/who')
    expect(chained.code, chained.err).toBe(0)
    expect(spy.requests.filter((r) => r.url.startsWith('/whoami')).at(-1)?.headers['x-token']).toBe('tok-4711')
  })

  async function saveAsserted(path: string, assertions: SavedAssertion[], extra: Partial<SavedRequest> = {}) {
    await save(path, { messages: [{ text: 'tok-1' }], ...extra, assertions })
  }

  it('exits 0 when every assertion passes, and lists them on stderr', async () => {
    await saveAsserted('checks/pass', [
      { type: 'status', is: 200 },
      { type: 'status', in: ['2xx'] },
      { type: 'json', path: 'query.text', equals: 'tok-1' },
      { type: 'json', path: 'query.text', matches: '^tok-\\d$' },
      { type: 'json', path: 'files', exists: true },
      { type: 'header', name: 'Content-Type', matches: '^application/json' },
      { type: 'latency', below: 60_000 },
    ])
    const { code, out, err } = await cli('checks/pass')
    expect(code, err).toBe(0)
    expect(echo(out, 0).query['text']).toBe('tok-1')
    expect(err.match(/assertion passed/g)).toHaveLength(7)
    expect(err).toContain('wirebench: checks/pass: assertion passed: query.text equals "tok-1" (query.text is "tok-1")')
  })

  it('exits 1 when one fails, saying which and why', async () => {
    await saveAsserted('checks/fail', [
      { type: 'status', is: 200 },
      { type: 'json', path: 'query.text', equals: 'other' },
      { type: 'header', name: 'x-missing', exists: true },
    ])
    const { code, err } = await cli('checks/fail')
    expect(code).toBe(1)
    expect(err).toContain('assertion passed: status is 200')
    expect(err).toContain(
      'wirebench: checks/fail: assertion FAILED: query.text equals "other" (query.text is "tok-1", expected "other")',
    )
    expect(err).toContain('assertion FAILED: header x-missing exists (no header x-missing in the response)')
    expect(err).toContain('checks/fail: 2 of 3 assertions did not pass.')
  })

  // Every REST answer is validated now; `not-validated` (a response nothing checked) is covered by the evaluator's tests.
  it('passes schema-valid on a REST response checked against its OpenAPI response schema', async () => {
    await saveAsserted('checks/schema-rest', [{ type: 'schema-valid' }])
    const { code, err } = await cli('checks/schema-rest')
    expect(err).toContain('assertion passed: schema-valid')
    expect(code).toBe(0)
  })

  it('passes a non-OK status a status assertion expects, and keeps a non-OK status failing otherwise', async () => {
    const notFound = { service: 'Books', method: 'getBook', messages: [{ bookId: '987654' }] }
    await saveAsserted('checks/expects-404', [{ type: 'status', is: 404 }], notFound)
    await saveAsserted('checks/no-status', [{ type: 'latency', below: 60_000 }], notFound)
    const expected = await cli('checks/expects-404')
    expect(expected.err).toContain('assertion passed: status is 404')
    expect(expected.code).toBe(0)
    const other = await cli('checks/no-status')
    expect(other.code).toBe(1)
  })

  it('stops at the first request that fails: the ones after it are not sent', async () => {
    const { code, out } = await cli('checks/fail', 'checks/pass')
    expect(code).toBe(1)
    expect(out.match(/"query"/g)).toHaveLength(1)
  })

  it('refuses -d with several --request: it would replace the messages of every one', async () => {
    const { code, err } = await runCli([
      'call',
      '--workspace',
      workspace(),
      '--request',
      'checks/pass',
      '--request',
      'checks/pass',
      '-d',
      '{}',
      '--config-dir',
      join(root, 'config'),
    ])
    expect(code).toBe(2)
    expect(err).toContain('-d replaces the messages of one --request; it cannot go with several.')
  })

  it('refuses a file whose assertions cannot be evaluated, naming the entry', async () => {
    await saveAsserted('checks/bad', [{ type: 'json', path: 'a', matches: '(' }])
    const { code, err } = await cli('checks/bad')
    expect(code).toBe(2)
    expect(err).toMatch(/checks\/bad: the file is unusable: "assertions\[0\]": "matches" is not a regular expression/)
  })

  it('refuses a pattern that could backtrack for minutes, before sending anything', async () => {
    const before = spy.requests.length
    await saveAsserted('checks/redos', [{ type: 'json', path: 'query.text', matches: '(a+)+$' }], {
      url: spy.docUrl,
      service: 'spy',
      messages: [{ text: `${'a'.repeat(30)}!` }],
    })
    const { code, err } = await cli('checks/redos')
    expect(code).toBe(2)
    expect(err).toContain('checks/redos: the file is unusable: "assertions[0]": "matches" is refused: /(a+)+$/')
    expect(err).toContain('rewrite it without nested quantifiers')
    expect(spy.requests.length).toBe(before)
  })
})
