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
  })
})
