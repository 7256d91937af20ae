import { describe, expect, it } from 'vitest'
import { methodOf } from './operations.test-helpers.js'

function docWithBody(content: Record<string, unknown>) {
  return {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: { '/reviews': { post: { operationId: 'createReview', requestBody: { content } } } },
  }
}

const reviewSchema = { type: 'object', properties: { rating: { type: 'integer' }, text: { type: 'string' } } }

describe('request body media type', () => {
  it('tags an operation multipart when its body declares urlencoded beside JSON (SPEC.md)', () => {
    const method = methodOf(
      docWithBody({
        'application/json': { schema: reviewSchema },
        'application/x-www-form-urlencoded': { schema: reviewSchema },
      }),
      'createReview',
    )
    expect(method.multipart).toBe('application/x-www-form-urlencoded')
    expect(method.inputType.fields.map((f) => f.name)).toEqual(['rating', 'text'])
  })

  it('prefers multipart/form-data over urlencoded when both are declared', () => {
    const method = methodOf(
      docWithBody({
        'application/x-www-form-urlencoded': { schema: reviewSchema },
        'multipart/form-data': { schema: reviewSchema },
      }),
      'createReview',
    )
    expect(method.multipart).toBe('multipart/form-data')
  })

  it('leaves a JSON-only body untagged', () => {
    expect(
      methodOf(docWithBody({ 'application/json': { schema: reviewSchema } }), 'createReview').multipart,
    ).toBeUndefined()
  })
})
