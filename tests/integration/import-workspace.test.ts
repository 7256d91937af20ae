/**
 * Import into a workspace and export from it, end to end through the routes: a curl command and a Postman collection
 * are previewed, saved as a batch into the default workspace, and no credential they held is found anywhere in the
 * workspace folder; the workspace is then exported as a Postman v2.1 collection that the postman-collection SDK reads
 * and that imports back to the same requests.
 */
import { createRequire } from 'node:module'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportPreview, ImportResult, WorkspaceContent } from '@wirebench/core'
import { startImportWorkbench } from '../servers/http/import-workbench.js'
import type { ImportWorkbench } from '../servers/http/import-workbench.js'

const sdk = createRequire(import.meta.resolve('@wirebench/interchange'))('postman-collection') as {
  Collection: { new (json: object): object; isCollection(value: unknown): boolean }
}

const canaries = ['canary-ws-pass-41', 'canary-ws-token-77']

let wb: ImportWorkbench
beforeAll(async () => {
  wb = await startImportWorkbench()
})
afterAll(async () => {
  await wb?.close()
})

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  wb.app.inject({ method, url, headers: wb.headers, ...(payload ? { payload } : {}) })

describe('import into a workspace, then export it', () => {
  let curl: ImportPreview
  let content: WorkspaceContent

  beforeAll(async () => {
    const origin = wb.server.origin
    curl = await wb.preview(
      'curl',
      `curl -u ann:${canaries[0]} -H 'Content-Type: application/json' -d '{"a":1}' ${origin}/items\n` +
        `curl -H 'Authorization: Bearer ${canaries[1]}' '${origin}/items?page=2'`,
    )
    const saved = await api('POST', '/api/workspaces/default/requests', {
      requests: curl.requests.map((entry) => ({ ...entry, folder: 'smoke' })),
      vars: curl.vars,
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json<ImportResult>().saved).toEqual(['smoke/POST items', 'smoke/GET items'])
    content = (await api('GET', '/api/workspaces/default')).json<WorkspaceContent>()
  })

  it('saves every previewed request as is, with no credential in any file of the workspace folder', async () => {
    expect(content.requests.map((entry) => entry.path)).toEqual(['smoke/GET items', 'smoke/POST items'])
    const files = await filesUnder(content.dir)
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const text = await readFile(file, 'utf8')
      for (const canary of canaries) expect(text, file).not.toContain(canary)
    }
    expect(Object.values(curl.secrets ?? {})).toEqual(expect.arrayContaining(canaries))
  })

  it('exports a Postman v2.1 collection the SDK reads and that imports back to the same requests', async () => {
    const res = await api('GET', '/api/workspaces/default/export?format=postman')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".*\.postman_collection\.json"/)
    const collection = res.json<object>()
    expect(sdk.Collection.isCollection(new sdk.Collection(collection))).toBe(true)
    const again = await wb.preview('postman', JSON.stringify(collection))
    expect(again.requests.map((entry) => [`${entry.folder}/${entry.request.name}`, entry.request])).toEqual(
      content.requests.map((entry) => [entry.path, entry.request]),
    )
    for (const canary of canaries) expect(JSON.stringify(collection)).not.toContain(canary)
  })

  it('refuses an export format it does not write, naming the one it does', async () => {
    const res = await api('GET', '/api/workspaces/default/export?format=insomnia')
    expect(res.statusCode).toBe(400)
    expect(res.json<{ detail: string; hint: string }>().hint).toContain('format=postman')
  })
})

describe('credentials in imported files, by name, stay out of the workspace', () => {
  const canary = {
    insomniaToken: 'canary-ins-env-token-19',
    postmanQuery: 'canary-pm-query-23',
    postmanVar: 'canary-pm-var-apikey-31',
    harCsrf: 'canary-har-csrf-47',
  }
  const previews: Record<'postman' | 'insomnia' | 'har', ImportPreview> = {} as never

  beforeAll(async () => {
    const origin = wb.server.origin
    previews.postman = await wb.preview(
      'postman',
      JSON.stringify({
        info: { name: 'creds', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        variable: [
          { key: 'baseUrl', value: origin },
          { key: 'api_key', value: canary.postmanVar },
        ],
        item: [
          {
            name: 'List',
            request: {
              method: 'GET',
              url: `{{baseUrl}}/items?page=2&access_token=${canary.postmanQuery}`,
              header: [{ key: 'X-Api-Key', value: '{{api_key}}' }],
            },
          },
        ],
      }),
    )
    previews.insomnia = await wb.preview(
      'insomnia',
      JSON.stringify({
        _type: 'export',
        __export_format: 4,
        resources: [
          { _id: 'wrk_1', _type: 'workspace', name: 'creds' },
          {
            _id: 'env_1',
            _type: 'environment',
            parentId: 'wrk_1',
            name: 'Base',
            data: { token: canary.insomniaToken, host: origin },
          },
          {
            _id: 'req_1',
            _type: 'request',
            parentId: 'wrk_1',
            name: 'Me',
            method: 'GET',
            url: '{{ _.host }}/me',
            authentication: { type: 'bearer', token: '{{ _.token }}' },
          },
        ],
      }),
    )
    previews.har = await wb.preview(
      'har',
      JSON.stringify({
        log: {
          version: '1.2',
          entries: [
            {
              request: {
                method: 'POST',
                url: `${origin}/form`,
                headers: [{ name: 'x-csrf-token', value: canary.harCsrf }],
              },
            },
          ],
        },
      }),
    )
    for (const [name, preview] of Object.entries(previews)) {
      const saved = await api('POST', '/api/workspaces/default/requests', {
        requests: preview.requests.map((entry) => ({ ...entry, folder: `creds-${name}` })),
        vars: preview.vars,
      })
      expect(saved.statusCode, saved.body).toBe(200)
    }
  })

  it("moves them to the preview's secrets, says so in the report, and writes none to a workspace file", async () => {
    const content = (await api('GET', '/api/workspaces/default')).json<WorkspaceContent>()
    for (const file of await filesUnder(content.dir)) {
      const text = await readFile(file, 'utf8')
      for (const value of Object.values(canary)) expect(text, file).not.toContain(value)
    }
    expect(Object.values(previews.postman.secrets ?? {})).toEqual(
      expect.arrayContaining([canary.postmanQuery, canary.postmanVar]),
    )
    expect(previews.insomnia.secrets).toMatchObject({ token: canary.insomniaToken })
    expect(Object.values(previews.har.secrets ?? {})).toContain(canary.harCsrf)
    for (const preview of Object.values(previews)) {
      expect(preview.report.map((item) => item.message).join('\n')).toMatch(/goes to an environment/)
    }
  })

  it('still sends each credential as the source did, once the environment holds it', async () => {
    const [postman] = previews.postman.requests
    const received = await wb.send(postman!.request, previews.postman)
    expect(received.query).toEqual([
      ['page', '2'],
      ['access_token', canary.postmanQuery],
    ])
    expect(received.headers['x-api-key']).toBe(canary.postmanVar)
    const me = await wb.send(previews.insomnia.requests[0]!.request, previews.insomnia)
    expect(me.headers.authorization).toBe(`Bearer ${canary.insomniaToken}`)
    const form = await wb.send(previews.har.requests[0]!.request, previews.har)
    expect(form.headers['x-csrf-token']).toBe(canary.harCsrf)
  })
})
