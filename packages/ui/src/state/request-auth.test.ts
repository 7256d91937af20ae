import type { SavedAuth, SavedFolderEntry, SavedRequestEntry } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { effectiveRequestAuth } from './request-auth.js'

const bearer: SavedAuth = { mode: 'own', config: { type: 'bearer', token: '${outer}' } }
const basic: SavedAuth = { mode: 'own', config: { type: 'basic', username: '${u}', password: '${p}' } }

const request = (path: string, auth?: SavedAuth): SavedRequestEntry => ({
  path,
  revision: 'r',
  request: {
    version: 1,
    name: path.split('/').pop() ?? path,
    protocol: 'rest',
    url: 'http://127.0.0.1:1/openapi.json',
    service: 'S',
    method: 'm',
    messages: [{}],
    ...(auth ? { auth } : {}),
  },
})
const folder = (path: string, auth: SavedAuth): SavedFolderEntry => ({ path, folder: { version: 1, auth } })

describe('effectiveRequestAuth', () => {
  const content = {
    requests: [
      request('a/b/inherits'),
      request('a/b/none', { mode: 'none' }),
      request('a/b/own', basic),
      request('a/plain/inherits', { mode: 'inherit' }),
      request('top'),
    ],
    folders: [folder('a', bearer), folder('a/b', { mode: 'inherit' }), folder('a/plain', { mode: 'none' })],
  }

  it("takes the request's own auth, then the nearest folder that sets one, else the environment's", () => {
    expect(effectiveRequestAuth(content, 'a/b/own')).toEqual(basic.mode === 'own' && basic.config)
    expect(effectiveRequestAuth(content, 'a/b/none')).toEqual({ type: 'none' })
    // a/b inherits, so a's bearer applies.
    expect(effectiveRequestAuth(content, 'a/b/inherits')).toEqual(bearer.mode === 'own' && bearer.config)
    expect(effectiveRequestAuth(content, 'a/plain/inherits')).toEqual({ type: 'none' })
    expect(effectiveRequestAuth(content, 'top')).toBeUndefined()
    expect(effectiveRequestAuth(null, 'a/b/own')).toBeUndefined()
  })

  it("applies the top folder's auth to a request at the top", () => {
    expect(effectiveRequestAuth({ ...content, folders: [folder('', basic)] }, 'top')).toEqual(
      basic.mode === 'own' && basic.config,
    )
  })
})
