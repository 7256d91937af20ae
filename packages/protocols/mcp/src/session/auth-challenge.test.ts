import { describe, expect, it } from 'vitest'
import { readChallenge } from './auth-challenge.js'

describe('readChallenge', () => {
  it('reads the scheme and the MCP authorization parameters (RFC 9728 resource_metadata)', () => {
    expect(
      readChallenge(
        401,
        'Bearer realm="mcp", error="invalid_token", resource_metadata="https://api.example.com/.well-known/oauth-protected-resource/mcp", scope="read write"',
      ),
    ).toEqual({
      status: 401,
      wwwAuthenticate:
        'Bearer realm="mcp", error="invalid_token", resource_metadata="https://api.example.com/.well-known/oauth-protected-resource/mcp", scope="read write"',
      scheme: 'Bearer',
      error: 'invalid_token',
      resourceMetadata: 'https://api.example.com/.well-known/oauth-protected-resource/mcp',
      scope: 'read write',
    })
    expect(readChallenge(403, 'Bearer error=insufficient_scope, scope=admin')).toMatchObject({
      error: 'insufficient_scope',
      scope: 'admin',
    })
    expect(readChallenge(401, null)).toBeUndefined()
  })
})
