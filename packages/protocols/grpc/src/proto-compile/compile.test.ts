import { createFileRegistry, fromBinary } from '@bufbuild/protobuf'
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WorkbenchError } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { compileProtoFiles } from './compile.js'
import type { ProtoDiagnostic } from './types.js'

const encoder = new TextEncoder()
const file = (name: string, text: string) => ({ name, content: encoder.encode(text) })

async function compileError(promise: Promise<unknown>): Promise<WorkbenchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(WorkbenchError)
  return error as WorkbenchError
}

const diagnosticsOf = (error: WorkbenchError) => (error.details?.diagnostics ?? []) as ProtoDiagnostic[]

describe('compileProtoFiles', () => {
  it('compiles a chain of uploads importing each other into one descriptor set', async () => {
    const compiled = await compileProtoFiles({
      files: [
        file(
          'shop.proto',
          'syntax = "proto3";\npackage shop.v1;\nimport "money.proto";\nimport "item.proto";\nservice Shop { rpc Price(Item) returns (Money); }\n',
        ),
        file(
          'money.proto',
          'syntax = "proto3";\npackage shop.v1;\nimport "item.proto";\nmessage Money { int64 units = 1; Item item = 2; }\n',
        ),
        file('item.proto', 'syntax = "proto3";\npackage shop.v1;\nmessage Item { string sku = 1; }\n'),
      ],
    })
    const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, compiled.fileDescriptorSet))
    const method = registry.getService('shop.v1.Shop')?.methods[0]
    expect(method?.input.typeName).toBe('shop.v1.Item')
    expect(method?.output.field.item?.message?.typeName).toBe('shop.v1.Item')
    expect(compiled.files).toEqual([
      { name: 'shop.proto', path: 'shop.proto' },
      { name: 'money.proto', path: 'money.proto' },
      { name: 'item.proto', path: 'item.proto' },
    ])
  })

  it('places a plain-named upload at the path another upload imports it by', async () => {
    const compiled = await compileProtoFiles({
      files: [
        file(
          'orders.proto',
          'syntax = "proto3";\npackage acme.v1;\nimport "acme/v1/common.proto";\nmessage Order { Id id = 1; }\n',
        ),
        file('common.proto', 'syntax = "proto3";\npackage acme.v1;\nmessage Id { string value = 1; }\n'),
      ],
    })
    expect(compiled.files).toEqual([
      { name: 'orders.proto', path: 'orders.proto' },
      { name: 'common.proto', path: 'acme/v1/common.proto' },
    ])
    const set = fromBinary(FileDescriptorSetSchema, compiled.fileDescriptorSet)
    expect(set.file.map((f) => f.name)).toEqual(['acme/v1/common.proto', 'orders.proto'])
  })

  it('compiles only the entry and its imports, so a broken or clashing sibling does not fail it', async () => {
    const compiled = await compileProtoFiles({
      entry: 'orders.proto',
      files: [
        file(
          'orders.proto',
          'syntax = "proto3";\npackage acme.v1;\nimport "acme/v1/common.proto";\nmessage Order { Id id = 1; }\n',
        ),
        file('common.proto', 'syntax = "proto3";\npackage acme.v1;\nmessage Id { string value = 1; }\n'),
        file('broken.proto', 'syntax = "proto3";\nmessage {\n'),
        file('clash.proto', 'syntax = "proto3";\npackage acme.v1;\nmessage Order {}\n'),
      ],
    })
    expect(compiled.files).toEqual([
      { name: 'orders.proto', path: 'orders.proto' },
      { name: 'common.proto', path: 'acme/v1/common.proto' },
    ])
    const set = fromBinary(FileDescriptorSetSchema, compiled.fileDescriptorSet)
    expect(set.file.map((f) => f.name)).toEqual(['acme/v1/common.proto', 'orders.proto'])
  })

  it('resolves the well-known types from the compiler and includes them in the set', async () => {
    const compiled = await compileProtoFiles({
      files: [
        file(
          'event.proto',
          [
            'syntax = "proto3";',
            'package ev;',
            'import "google/protobuf/timestamp.proto";',
            'import "google/protobuf/duration.proto";',
            'import "google/protobuf/struct.proto";',
            'import "google/protobuf/any.proto";',
            'import "google/protobuf/empty.proto";',
            'import "google/protobuf/wrappers.proto";',
            'message Event { google.protobuf.Timestamp at = 1; google.protobuf.Duration took = 2;',
            '  google.protobuf.Struct data = 3; google.protobuf.Any extra = 4; google.protobuf.StringValue note = 5; }',
            'service Events { rpc Ping(google.protobuf.Empty) returns (Event); }',
          ].join('\n'),
        ),
      ],
    })
    const set = fromBinary(FileDescriptorSetSchema, compiled.fileDescriptorSet)
    expect(set.file.map((f) => f.name)).toEqual(
      expect.arrayContaining(['google/protobuf/timestamp.proto', 'google/protobuf/any.proto', 'event.proto']),
    )
    const registry = createFileRegistry(set)
    expect(registry.getMessage('ev.Event')?.field.at?.message?.typeName).toBe('google.protobuf.Timestamp')
  })

  it('keeps comments for the form unless source info is turned off', async () => {
    const files = [file('doc.proto', 'syntax = "proto3";\n// A documented message.\nmessage Doc { string a = 1; }\n')]
    const withInfo = fromBinary(FileDescriptorSetSchema, (await compileProtoFiles({ files })).fileDescriptorSet)
    expect(withInfo.file[0]?.sourceCodeInfo?.location.some((l) => l.leadingComments.includes('A documented'))).toBe(
      true,
    )
    const bare = await compileProtoFiles({ files, includeSourceInfo: false })
    expect(fromBinary(FileDescriptorSetSchema, bare.fileDescriptorSet).file[0]?.sourceCodeInfo).toBeUndefined()
  })

  it('reports a syntax error with the uploaded file, line and column', async () => {
    const error = await compileError(
      compileProtoFiles({
        files: [
          file('good.proto', 'syntax = "proto3";\nmessage Good { string a = 1; }\n'),
          file('bad.proto', 'syntax = "proto3";\n\nmessage Bad {\n  string a = 1\n}\n'),
        ],
      }),
    )
    expect(error.code).toBe('invalid_document')
    expect(error.message).toMatch(/^The \.proto files do not compile: bad\.proto:\d+:\d+: /)
    expect(error.hint).toMatch(/Fix the marked lines/)
    const [first] = diagnosticsOf(error)
    expect(first).toMatchObject({ file: 'bad.proto', line: 5, column: 1 })
    expect(first?.message).toMatch(/expecting ";"|unexpected/)
  })

  it('reports every broken file, not only the first', async () => {
    const error = await compileError(
      compileProtoFiles({
        files: [
          file('one.proto', 'syntax = "proto3";\nmessage One { Missing m = 1; }\n'),
          file('two.proto', 'syntax = "proto3";\nmessage Two { int32 a = 1; int32 b = 1; }\n'),
        ],
      }),
    )
    const files = diagnosticsOf(error).map((d) => d.file)
    expect(files).toEqual(expect.arrayContaining(['one.proto', 'two.proto']))
    expect(error.message).toMatch(/and \d+ more/)
  })

  it('names an import that is not in the upload set and says to upload it', async () => {
    const error = await compileError(
      compileProtoFiles({
        files: [
          file(
            'api.proto',
            'syntax = "proto3";\nimport "google/api/annotations.proto";\nimport "acme/types.proto";\nmessage A {}\n',
          ),
        ],
      }),
    )
    expect(error.code).toBe('invalid_document')
    const diagnostics = diagnosticsOf(error)
    expect(diagnostics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'api.proto',
          line: 2,
          missingImport: 'google/api/annotations.proto',
          message: 'imports "google/api/annotations.proto", which is not among the uploaded files',
          hint: 'Upload annotations.proto together with api.proto.',
        }),
        expect.objectContaining({ file: 'api.proto', line: 3, missingImport: 'acme/types.proto' }),
      ]),
    )
    expect(error.hint).toBe(
      'Upload annotations.proto (imported as google/api/annotations.proto), types.proto (imported as acme/types.proto) together with the files that import them.',
    )
  })

  it.each([
    ['../escape.proto', /"\.\." segment/],
    ['/etc/escape.proto', /absolute path/],
    ['a/../../b.proto', /"\.\." segment/],
    ['.hidden.proto', /starts with a dot/],
    ['a\\b.proto', /backslash/],
    ['notes.txt', /does not end in \.proto/],
    ['a//b.proto', /empty path segment/],
    ['evil\u202e.proto', /invisible or control characters/],
  ])('refuses the file name %j before writing anything', async (name, reason) => {
    const error = await compileError(compileProtoFiles({ files: [file(name, 'syntax = "proto3";\n')] }))
    expect(error.code).toBe('invalid_request')
    expect(error.message).toMatch(reason)
  })

  it('refuses the same name twice and an empty set', async () => {
    const twice = await compileError(
      compileProtoFiles({ files: [file('a.proto', 'syntax = "proto3";'), file('a.proto', 'syntax = "proto3";')] }),
    )
    expect(twice.message).toBe('a.proto was given twice.')
    expect((await compileError(compileProtoFiles({ files: [] }))).code).toBe('invalid_request')
  })

  it('never reads an import path that leaves the upload set, whatever the file says', async () => {
    const error = await compileError(
      compileProtoFiles({
        files: [
          file(
            'sneaky.proto',
            'syntax = "proto3";\nimport "../../../../../../etc/passwd.proto";\nimport "/etc/hostname";\nmessage S {}\n',
          ),
        ],
      }),
    )
    const messages = diagnosticsOf(error).map((d) => d.message)
    expect(messages).toEqual(
      expect.arrayContaining([expect.stringMatching(/parent directory/), expect.stringMatching(/must be relative/)]),
    )
    expect(JSON.stringify(error.details)).not.toMatch(/wirebench-proto-/)
  })

  it('stops with a cancelled error when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await compileError(
      compileProtoFiles({ files: [file('a.proto', 'syntax = "proto3";')], signal: controller.signal }),
    )
    expect(error.code).toBe('cancelled')
  })

  it('keeps a timeout reason the caller aborted with', async () => {
    const controller = new AbortController()
    controller.abort(new WorkbenchError('timeout', 'Discovery timed out.'))
    const error = await compileError(
      compileProtoFiles({ files: [file('a.proto', 'syntax = "proto3";')], signal: controller.signal }),
    )
    expect(error.code).toBe('timeout')
  })

  it('removes its private directory after a success and after a failure', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'proto-compile-test-'))
    const previous = process.env.TMPDIR
    process.env.TMPDIR = scratch
    try {
      await compileProtoFiles({ files: [file('a.proto', 'syntax = "proto3";\nmessage A {}\n')] })
      await compileError(compileProtoFiles({ files: [file('b.proto', 'syntax = "proto3";\nmessage {')] }))
      expect(await readdir(scratch)).toEqual([])
    } finally {
      if (previous === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = previous
      await rm(scratch, { recursive: true, force: true })
    }
  })
})
