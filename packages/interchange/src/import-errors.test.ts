import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { previewImport } from './preview-import.js'

async function refusal(format: 'curl' | 'postman' | 'insomnia', content: string): Promise<WorkbenchError> {
  const error = await previewImport({ format, content }).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WorkbenchError)
  return error as WorkbenchError
}

describe('import refusals say what was wrong and what to do', () => {
  it('names the part of a Postman file that is wrong, and a v1 collection as v1', async () => {
    const schema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'
    const badItem = await refusal('postman', JSON.stringify({ info: { name: 'x', schema }, item: 'oops' }))
    expect(badItem.message).toBe(
      'This is not a Postman collection the workbench can read: "item" is not a list of requests and folders.',
    )
    const v1 = await refusal('postman', JSON.stringify({ id: '1', name: 'old', order: [], requests: [] }))
    expect(v1.message).toMatch(/Postman collection v1/)
    expect(v1.hint).toMatch(/export it again as v2\.1/)
  })

  it('writes "an Insomnia export" and one full stop after a curl message', async () => {
    expect((await refusal('insomnia', '{"_type":"nope"}')).message).toMatch(/^This is not an Insomnia export/)
    const curl = await refusal('curl', 'curl -H "a: b"')
    expect(curl.message).not.toMatch(/!\.$/)
    expect(curl.message).toMatch(/\.$/)
  })
})
