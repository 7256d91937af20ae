import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { parseDocumentText } from './parse-document.js'

function failure(text: string): WorkbenchError {
  try {
    parseDocumentText(text, 'http://h/doc')
  } catch (error) {
    if (error instanceof WorkbenchError) return error
    throw error
  }
  throw new Error('expected a failure')
}

describe('document parsing', () => {
  it('reads JSON and YAML and recognises the version', () => {
    expect(parseDocumentText('{"openapi":"3.0.3","paths":{}}', 'x').version).toBe('3.0')
    expect(parseDocumentText('\ufeffopenapi: 3.1.0\npaths: {}\n', 'x').version).toBe('3.1')
    expect(parseDocumentText('swagger: "2.0"\n', 'x').version).toBe('2.0')
  })

  it('keeps YAML response codes and dates as strings', () => {
    const { root } = parseDocumentText(
      'openapi: 3.0.0\ninfo: {version: 2024-01-01}\npaths:\n  /a: {get: {responses: {200: {description: ok}}}}\n',
      'x',
    )
    expect(root['info']).toEqual({ version: '2024-01-01' })
    expect(JSON.stringify(root['paths'])).toContain('"responses":{"200":')
  })

  it('says no services were discovered for HTML, bad JSON, plain text and non-OpenAPI JSON', () => {
    for (const [text, reason] of [
      ['<!doctype html><html></html>', 'HTML'],
      ['{"openapi": ', 'not valid JSON'],
      ['just: [some text', 'neither JSON nor YAML'],
      ['{"hello":"world"}', 'no "openapi" or "swagger"'],
      ['', 'empty'],
      ['{"swagger":"1.2"}', 'Swagger 1.2 is not supported'],
    ]) {
      const error = failure(text ?? '')
      expect(error.code).toBe('no_services')
      expect(error.message).toContain('No services discovered at http://h/doc')
      expect(error.message).toContain(reason)
    }
    expect(failure('<!doctype html><html></html>').hint).toContain('/openapi.json')
  })

  it('refuses YAML aliases that multiply an inline schema past 1000 copies', () => {
    // e ×12 → d ×12 → c ×12: 1728 copies of `e` once expanded, from a few hundred bytes.
    const lines = ['openapi: 3.0.3', 'paths: {}', 'x-defs:', '  e: &e {type: string}']
    let previous = 'e'
    for (const level of ['d', 'c', 'b']) {
      const props = Array.from({ length: 12 }, (_, i) => `p${i}: *${previous}`).join(', ')
      lines.push(`  ${level}: &${level} {type: object, properties: {${props}}}`)
      previous = level
    }
    expect(failure(lines.join('\n')).message).toMatch(/Excessive alias count/)
  })

  it('accepts a hand-written anchor reused by hundreds of operations', () => {
    const lines = ['openapi: 3.0.3', 'x-error: &error {description: failed}', 'paths:']
    for (let i = 0; i < 500; i++) lines.push(`  /p${i}: {get: {responses: {default: *error}}}`)
    expect(Object.keys(parseDocumentText(lines.join('\n'), 'x').root['paths'] as object)).toHaveLength(500)
  })
})
