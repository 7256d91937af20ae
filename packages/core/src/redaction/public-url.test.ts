import { describe, expect, it } from 'vitest'
import { publicUrl } from './public-url.js'

describe('publicUrl', () => {
  it('drops user info and masks credential query values, keeping everything else', () => {
    expect(publicUrl('http://demo:hunter2pw@127.0.0.1:37707/openapi.json')).toBe('http://127.0.0.1:37707/openapi.json')
    expect(publicUrl('https://api.example/doc.json?api_key=k1&version=2&access_token=t#x')).toBe(
      'https://api.example/doc.json?api_key=***&version=2&access_token=***#x',
    )
    expect(publicUrl('grpc@127.0.0.1:50051')).toBe('grpc@127.0.0.1:50051')
    expect(publicUrl('rest@http://u:p@h/doc.json?token=t')).toBe('rest@http://h/doc.json?token=***')
    expect(publicUrl('books.proto')).toBe('books.proto')
    expect(publicUrl('mcp+stdio://everything')).toBe('mcp+stdio://everything')
    // Keyed and signed URLs, credentials by their look, user info without a scheme.
    expect(publicUrl('https://x.example/doc.json?key=AIzaSy0&v=1')).toBe('https://x.example/doc.json?key=***&v=1')
    expect(publicUrl('https://a.blob.example/o.json?sv=2022&sig=abc%2Bdef&se=2030')).toBe(
      'https://a.blob.example/o.json?sv=***&sig=***&se=***',
    )
    expect(publicUrl('https://h/d?access_key=AKIA1&jwt=eyJhbGciOi.eyJzdWIiOi.sig')).toBe(
      'https://h/d?access_key=***&jwt=***',
    )
    expect(publicUrl('https://h/d?x=eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.abc&y=Bearer%20abcdef')).toBe(
      'https://h/d?x=***&y=***',
    )
    expect(publicUrl('u:p4ss@h.example:50051')).toBe('h.example:50051')
    expect(publicUrl('h.example:50051')).toBe('h.example:50051')
  })
})
