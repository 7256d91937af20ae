import type { MethodInfo } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { field } from '../../components/form/field.test-helpers.js'
import { newHeaderRow } from '../../state/drafts-store.js'
import { chosenMediaType, inputFields, mediaKind } from './media-types.js'

const method = (patch: Partial<MethodInfo>): MethodInfo => ({
  name: 'm',
  fullName: 'm',
  clientStreaming: false,
  serverStreaming: false,
  methodType: 'Unary',
  inputType: {
    name: 'In',
    fullName: 'In',
    fields: [field({ name: 'id', source: 'path' }), field({ name: 'title', source: 'body' })],
  },
  outputType: { name: 'Out', fullName: 'Out', fields: [] },
  deprecated: false,
  ...patch,
})

describe('media types', () => {
  it('sorts types into the REST plugin’s kinds', () => {
    expect(['application/json', 'application/vnd.api+json', '*/*'].map(mediaKind)).toEqual(['json', 'json', 'json'])
    expect(
      ['application/xml', 'text/plain; charset=utf-8', 'application/atom+xml', 'application/x-yaml'].map(mediaKind),
    ).toEqual(['text', 'text', 'text', 'text'])
    expect(['multipart/form-data', 'application/x-www-form-urlencoded'].map(mediaKind)).toEqual(['form', 'form'])
    expect(mediaKind('image/png')).toBe('binary')
  })

  it('takes the Content-Type header when it names a declared type, else the default pick', () => {
    const m = method({
      requestMediaTypes: ['application/json', 'application/xml'],
      requestContentType: 'application/json',
    })
    expect(chosenMediaType(m, [])).toBe('application/json')
    expect(chosenMediaType(m, [newHeaderRow('content-type', 'Application/XML; charset=utf-8')])).toBe('application/xml')
    expect(chosenMediaType(m, [newHeaderRow('Content-Type', 'text/csv')])).toBe('application/json')
    expect(chosenMediaType(method({}), [newHeaderRow('Content-Type', 'application/xml')])).toBeUndefined()
    const wildcard = method({ requestMediaTypes: ['image/*'] })
    expect(chosenMediaType(wildcard, [newHeaderRow('Content-Type', 'image/png')])).toBe('image/png')
  })

  it('makes a text body one string edited as text, a binary one a file, and keeps the parameters', () => {
    const m = method({ requestMediaTypes: ['application/json', 'application/xml', 'image/png'] })
    const xml = inputFields(m, [newHeaderRow('Content-Type', 'application/xml')])
    expect(xml.map((f) => [f.name, f.type, f.format])).toEqual([
      ['id', 'string', undefined],
      ['body', 'string', 'text-body'],
    ])
    const png = inputFields(m, [newHeaderRow('Content-Type', 'image/png')])
    expect(png.find((f) => f.name === 'body')).toMatchObject({ type: 'bytes', isBinary: true })
    expect(inputFields(m, [])).toBe(m.inputType.fields)
  })

  it('edits a text default body in the text editor, and gives JSON over it one free JSON body', () => {
    const m = method({
      requestMediaTypes: ['text/plain', 'application/json'],
      requestContentType: 'text/plain',
      inputType: {
        name: 'In',
        fullName: 'In',
        fields: [field({ name: 'body', source: 'body', description: 'The text/plain body, sent as written.' })],
      },
    })
    expect(inputFields(m, [])[0]).toMatchObject({ name: 'body', format: 'text-body' })
    expect(inputFields(m, [newHeaderRow('Content-Type', 'application/json')])[0]).toMatchObject({ type: 'json' })
  })

  it('gives a chosen text body the example its media type declares, and JSON fields the media type’s object', () => {
    const m = method({
      requestMediaTypes: ['application/json', 'application/xml', 'text/plain'],
      requestContentType: 'application/json',
      requestExamples: { 'application/xml': '<a>${canary}</a>', 'application/json': { title: 'From the media type' } },
    })
    const xml = inputFields(m, [newHeaderRow('Content-Type', 'application/xml')])
    expect(xml.find((f) => f.name === 'body')?.example).toBe('<a>${canary}</a>')
    const text = inputFields(m, [newHeaderRow('Content-Type', 'text/plain')])
    expect(text.find((f) => f.name === 'body')?.example).toBeUndefined()
    expect(inputFields(m, []).find((f) => f.name === 'title')?.example).toBe('From the media type')
  })
})
