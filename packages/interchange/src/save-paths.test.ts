import { describe, expect, it } from 'vitest'
import { WORKSPACE_FILE_VERSION } from '@wirebench/core'
import type { ImportPreview, SavedRequest } from '@wirebench/core'
import { safeSegment, withSavePaths } from './save-paths.js'

const request = (name: string): SavedRequest => ({
  version: WORKSPACE_FILE_VERSION,
  name,
  protocol: 'http',
  url: 'http://x',
  service: 'HTTP',
  method: 'request',
  messages: [],
})

describe('save paths of imported requests', () => {
  it('keeps to the characters a workspace stores', () => {
    expect(safeSegment('GET /api/cart', 'r')).toBe('GET api cart')
    expect(safeSegment('127.0.0.1:8080 shop', 'r')).toBe('127.0.0.1-8080 shop')
    expect(safeSegment('  ..hidden.  ', 'r')).toBe('hidden')
    expect(safeSegment('ünïcode ✓', 'r')).toBe('unicode')
    expect(safeSegment('///', 'r')).toBe('r')
  })

  it('makes folder segments safe and names unique within a folder', () => {
    const preview: ImportPreview = {
      vars: {},
      report: [],
      requests: [
        { folder: 'a:b/c', request: request('GET /x') },
        { folder: 'a:b/c', request: request('GET /x') },
        { folder: '', request: request('folder') },
      ],
    }
    expect(withSavePaths(preview).requests.map((entry) => `${entry.folder}|${entry.request.name}`)).toEqual([
      'a-b/c|GET x',
      'a-b/c|GET x 2',
      '|folder request',
    ])
  })
})
