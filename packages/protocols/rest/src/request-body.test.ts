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

describe('request body facts for the form', () => {
  it('carries each media type’s own example (example, else the first of examples) and the body’s required flag', () => {
    const doc = docWithBody({
      'application/json': { schema: reviewSchema },
      'application/xml': { schema: reviewSchema, example: '<review rating="5"/>' },
      'text/plain': {
        schema: { type: 'string' },
        examples: { short: { summary: 's', value: 'five stars' }, long: { value: 'five stars, again' } },
      },
    })
    const operation = (doc.paths['/reviews'].post as { requestBody: Record<string, unknown> }).requestBody
    operation['required'] = true
    const method = methodOf(doc, 'createReview')
    expect(method.requestExamples).toEqual({ 'application/xml': '<review rating="5"/>', 'text/plain': 'five stars' })
    expect(method.bodyRequired).toBe(true)
    expect(methodOf(docWithBody({ 'application/json': { schema: reviewSchema } }), 'createReview')).not.toHaveProperty(
      'bodyRequired',
    )
  })

  it('fills a text body’s example from its media type when the schema has none', () => {
    const method = methodOf(
      docWithBody({ 'application/xml': { schema: { type: 'string' }, example: '<a>${canary}</a>' } }),
      'createReview',
    )
    expect(method.inputType.fields.find((f) => f.name === 'body')?.example).toBe('<a>${canary}</a>')
  })
})
