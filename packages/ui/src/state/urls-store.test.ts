import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readClientConfig } from '../api/client-config.js'
import { activeUrls, createUrlsStore } from './urls-store.js'

function pageWith(config: unknown): Document {
  const text = JSON.stringify(config)
  return { getElementById: () => ({ textContent: text }) } as unknown as Document
}

describe('the URL list at start', () => {
  // A page without a remembered list: no localStorage, served at the root.
  beforeAll(() => vi.stubGlobal('window', { location: { pathname: '/' } }))
  afterAll(() => vi.unstubAllGlobals())

  it('starts with the URLs of the workspace the command line opened', () => {
    const config = readClientConfig(
      pageWith({
        prefix: '',
        lockedUrls: null,
        demoUrls: [],
        workspace: { id: 'api-1a2b3c', urls: ['rest@http://127.0.0.1:8080/openapi.json'] },
      }),
    )
    expect(config.workspace).toEqual({ id: 'api-1a2b3c', urls: ['rest@http://127.0.0.1:8080/openapi.json'] })
    const store = createUrlsStore(config)
    expect(activeUrls(store.getState())).toEqual(['rest@http://127.0.0.1:8080/openapi.json'])
  })

  it('ignores a workspace member of the wrong shape', () => {
    const config = readClientConfig(pageWith({ workspace: { id: 3, urls: 'x' } }))
    expect(config.workspace).toBeUndefined()
    expect(activeUrls(createUrlsStore(config).getState())).toEqual([])
  })
})
