import { WORKSPACE_FILE_VERSION, type SavedFolderEntry, type SavedRequestEntry } from '@wirebench/core'
import { describe, expect, it, vi } from 'vitest'
import { buildCollectionRows } from './collection-rows.js'

const entry = (path: string, protocol = 'rest'): SavedRequestEntry => ({
  path,
  revision: 'r1',
  request: {
    version: WORKSPACE_FILE_VERSION,
    name: path.split('/').at(-1) ?? path,
    protocol,
    url: 'http://127.0.0.1:1/openapi.json',
    service: 'Books',
    method: 'getBook',
    messages: [{}],
  },
})

describe('collection rows', () => {
  const requests = [entry('smoke/get-item'), entry('smoke/items/list'), entry('top'), entry('chat/say', 'websocket')]

  it('lists folders before requests, nested by path, with the number of requests under each folder', () => {
    const rows = buildCollectionRows(requests, [{ path: 'empty', folder: { version: 1 } }], '', new Set())
    expect(
      rows.map((r) => `${'  '.repeat(r.depth)}${r.kind === 'folder' ? `${r.name}/ (${r.count})` : r.name}`),
    ).toEqual(['chat/ (1)', '  say', 'empty/ (0)', 'smoke/ (2)', '  items/ (1)', '    list', '  get-item', 'top'])
  })

  it('hides the contents of a collapsed folder', () => {
    const rows = buildCollectionRows(requests, [], '', new Set(['smoke']))
    expect(rows.map((r) => r.path)).toEqual(['chat', 'chat/say', 'smoke', 'top'])
  })

  it('searches every word in the path, protocol, service and method, as a flat list of paths', () => {
    expect(buildCollectionRows(requests, [], 'SMOKE list', new Set()).map((r) => r.name)).toEqual(['smoke/items/list'])
    expect(buildCollectionRows(requests, [], 'websocket', new Set()).map((r) => r.name)).toEqual(['chat/say'])
    expect(buildCollectionRows(requests, [], 'nothing-like-it', new Set())).toEqual([])
  })

  it('does not sort thousands of requests again when a search is cleared or a folder folded', () => {
    const many = Array.from({ length: 2000 }, (_, i) => entry(`group-${i % 20}/request-${i}`))
    const folders: SavedFolderEntry[] = [{ path: 'group-0', folder: { version: WORKSPACE_FILE_VERSION } }]
    const first = buildCollectionRows(many, folders, '', new Set())
    const searched = buildCollectionRows(many, folders, 'request-1', new Set())
    expect(searched.length).toBeGreaterThan(0)
    // Rows are made once per request: typing and clearing allocate no new row objects for thousands of matches.
    const wider = buildCollectionRows(many, folders, 'request-', new Set())
    expect(wider.find((row) => row.path === searched[0]?.path)).toBe(searched[0])
    expect(buildCollectionRows(many, folders, '', new Set()).at(-1)).toBe(first.at(-1))
    // Every name comparison goes through a collator or localeCompare; neither may run once the content is sorted.
    const collatorCompare = vi.spyOn(Intl.Collator.prototype, 'compare', 'get')
    const localeCompare = vi.spyOn(String.prototype, 'localeCompare')
    try {
      expect(buildCollectionRows(many, folders, '', new Set()).map((r) => r.id)).toEqual(first.map((r) => r.id))
      expect(buildCollectionRows(many, folders, '', new Set(['group-3'])).length).toBe(first.length - 100)
      expect(collatorCompare).not.toHaveBeenCalled()
      expect(localeCompare).not.toHaveBeenCalled()
    } finally {
      collatorCompare.mockRestore()
      localeCompare.mockRestore()
    }
  })
})
