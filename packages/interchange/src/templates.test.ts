import { describe, expect, it } from 'vitest'
import { fromMustache, toMustache } from './templates.js'

describe('variable references between Postman/Insomnia and the workbench', () => {
  it('reads {{name}} and Insomnia’s {{ _.name }} as ${name}', () => {
    expect(fromMustache('{{baseUrl}}/items/{{ _.id }}?t={{ token }}')).toEqual({
      text: '${baseUrl}/items/${id}?t=${token}',
      unmapped: [],
    })
  })

  it('escapes a literal ${ so it stays text, and maps Postman’s dynamic variables it knows', () => {
    expect(fromMustache('cost ${amount} id {{$guid}} at {{$timestamp}} mail {{$randomEmail}}')).toEqual({
      text: 'cost $${amount} id ${uuid} at ${now} mail {{$randomEmail}}',
      unmapped: ['$randomEmail'],
    })
  })

  it('writes ${name} back as {{name}} and an escaped $${ as a literal ${', () => {
    expect(toMustache('${baseUrl}/x?cost=$${amount}')).toBe('{{baseUrl}}/x?cost=${amount}')
  })
})
