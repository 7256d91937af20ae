import { describe, expect, it } from 'vitest'
import { defaultOwnAuth, savedAuthProblem } from './saved-auth.js'

describe('saved auth', () => {
  it('accepts ${var} references in secret fields and refuses literal secrets', () => {
    const bearer = defaultOwnAuth('bearer')
    if (bearer.mode !== 'own') throw new Error('own expected')
    expect(savedAuthProblem({ mode: 'own', config: { ...bearer.config, token: '${apiToken}' } })).toBeUndefined()
    expect(savedAuthProblem({ mode: 'own', config: { ...bearer.config, token: 'sk-live-123' } })).toMatch(
      /variable\} reference/,
    )
  })

  it('has nothing to say about inherit and none', () => {
    expect(savedAuthProblem({ mode: 'inherit' })).toBeUndefined()
    expect(savedAuthProblem({ mode: 'none' })).toBeUndefined()
  })
})
