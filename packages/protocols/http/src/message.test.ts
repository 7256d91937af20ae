import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { readCallMessage } from './message.js'

function refusal(messages: unknown[]): WorkbenchError {
  try {
    readCallMessage(messages)
  } catch (error) {
    return WorkbenchError.from(error)
  }
  throw new Error('the message was accepted')
}

describe('readCallMessage', () => {
  it('takes an empty call as a GET of the call URL', () => {
    expect(readCallMessage([])).toEqual({})
  })

  it('reads every field of a full message', () => {
    const message = {
      method: 'PATCH',
      url: '/items/1',
      query: [['a', '1']],
      headers: { 'X-A': 'b' },
      body: {
        multipart: [
          { name: 'f', filename: 'a.txt', content: 'hi' },
          { name: 'g', value: '1' },
        ],
      },
    }
    expect(readCallMessage([message])).toEqual(message)
  })

  it('names the field that is wrong', () => {
    expect(refusal([{ method: 'GET /' }]).message).toMatch(/method must be an HTTP method name/)
    expect(refusal([{ headers: { a: 1 } }]).message).toMatch(/header "a" must be a string/)
    expect(refusal([{ body: { json: 1, text: 'x' } }]).message).toMatch(/body must be a string or one of/)
    expect(refusal([{ body: { multipart: [{ name: 'f' }] } }]).message).toMatch(/body.multipart\[0\] needs a value/)
    expect(refusal([{ query: [['a']] }]).message).toMatch(/query must hold \[name, value\] string pairs/)
    expect(refusal([{ verb: 'GET' }]).message).toMatch(/unknown field "verb"/)
    expect(refusal([{}, {}]).code).toBe('invalid_request')
  })
})
