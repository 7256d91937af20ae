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
