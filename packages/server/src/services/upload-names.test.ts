import { describe, expect, it } from 'vitest'
import { validateUploadName } from './upload-names.js'

describe('upload names', () => {
  it('refuses Unicode format characters such as a bidi override, which disguise the extension', () => {
    expect(() => validateUploadName('invoice\u202Egpj.yaml')).toThrow(/invisible or control characters/)
    expect(() => validateUploadName('a\u200Bb.yaml')).toThrow(/invisible or control characters/)
  })

  it('refuses C1 control characters and accepts ordinary non-ASCII names', () => {
    expect(() => validateUploadName('a\u0085b.yaml')).toThrow(/invisible or control characters/)
    expect(validateUploadName('café-api.yaml')).toBe('café-api.yaml')
  })
})
