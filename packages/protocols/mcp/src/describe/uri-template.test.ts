import { describe, expect, it } from 'vitest'
import { templateVariables } from './uri-template.js'

describe('templateVariables', () => {
  it('asks for path variables and lets query ones be left out', () => {
    expect(templateVariables('demo://recipes/{dish}{/part}{?view,lang}{&page}{+rest}{list*}{name:3}')).toEqual([
      { name: 'dish', required: true, explode: false },
      { name: 'part', required: true, explode: false },
      { name: 'view', required: false, explode: false },
      { name: 'lang', required: false, explode: false },
      { name: 'page', required: false, explode: false },
      { name: 'rest', required: true, explode: false },
      { name: 'list', required: true, explode: true },
      { name: 'name', required: true, explode: false },
    ])
  })
})
