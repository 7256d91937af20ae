import { describe, expect, it } from 'vitest'
import { parseTargetEntry, uniqueEntries } from './target-entry.js'

const installed = { has: (id: string) => id === 'rest' || id === 'grpc', ids: () => ['rest', 'grpc'] }

describe('discovery entries', () => {
  it('pins a registered plugin when the rest is an absolute URL', () => {
    expect(parseTargetEntry('rest@http://h/doc.json', installed)).toEqual({
      entry: 'rest@http://h/doc.json',
      url: 'http://h/doc.json',
      pinned: 'rest',
    })
  })

  it('refuses a pin naming no installed plugin, listing the installed ones, instead of blaming the URL', () => {
    const entry = parseTargetEntry('mcp@http://h/', installed)
    expect(entry).toMatchObject({ entry: 'mcp@http://h/', url: 'http://h/' })
    expect(entry.pinned).toBeUndefined()
    expect(entry.problem?.code).toBe('no_plugin')
    expect(entry.problem?.message).toBe('No protocol plugin "mcp" is installed, so "mcp@" cannot pin one.')
    expect(entry.problem?.hint).toContain('Installed plugins: rest, grpc.')
  })

  it('takes an address typed without a scheme as http://, pinned or not', () => {
    expect(parseTargetEntry('localhost:8080/openapi.json', installed)).toEqual({
      entry: 'localhost:8080/openapi.json',
      url: 'http://localhost:8080/openapi.json',
    })
    expect(parseTargetEntry('rest@127.0.0.1:8080', installed)).toEqual({
      entry: 'rest@127.0.0.1:8080',
      url: 'http://127.0.0.1:8080',
      pinned: 'rest',
    })
    expect(parseTargetEntry('[::1]:9090/doc.yaml', installed).url).toBe('http://[::1]:9090/doc.yaml')
  })

  it('keeps user-info URLs whole', () => {
    expect(parseTargetEntry('http://user@h/doc', installed)).toEqual({
      entry: 'http://user@h/doc',
      url: 'http://user@h/doc',
    })
  })

  it('refuses entries that are no address once, naming them, instead of letting every plugin fail on them', () => {
    for (const raw of [
      'http://',
      'rest@',
      'ftp://x/y',
      '/openapi.json',
      'file:///etc/passwd',
      'mailto:a@b',
      'rest@not a url',
    ]) {
      const entry = parseTargetEntry(raw, installed)
      expect(entry.problem?.code, raw).toBe('invalid_request')
      expect(entry.problem?.message, raw).toContain(`"${raw}"`)
      expect(entry.pinned).toBeUndefined()
    }
    expect(parseTargetEntry('grpc://h:50051', installed, ['http:', 'grpc:']).problem).toBeUndefined()
    expect(parseTargetEntry('grpc://h:50051', installed, ['http:']).problem?.message).toContain(
      'which no plugin speaks',
    )
  })

  it('trims and de-duplicates, keeping the first occurrence', () => {
    const entries = ['http://a/', ' http://a/ ', 'rest@http://a/', 'http://b/', 'a/'].map((e) =>
      parseTargetEntry(e, installed),
    )
    expect(uniqueEntries(entries).map((e) => e.entry)).toEqual(['http://a/', 'rest@http://a/', 'http://b/'])
  })
})
