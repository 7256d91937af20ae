/** Compiles fixture .proto files with buf (the binary its npm package ships) into a FileDescriptorSet, for test servers. */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { createFileRegistry, fromBinary } from '@bufbuild/protobuf'
import type { FileRegistry } from '@bufbuild/protobuf'
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt'

const run = promisify(execFile)
const require = createRequire(import.meta.url)

/** The encoded FileDescriptorSet of `path` (relative to `root`) and everything it imports. */
export async function compileDescriptorSet(root: string, path: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'wirebench-buf-'))
  try {
    const out = join(dir, 'set.binpb')
    const buf = join(dirname(require.resolve('@bufbuild/buf/package.json')), 'bin', 'buf')
    await run(
      process.execPath,
      [buf, 'build', root, '--path', join(root, path), '--as-file-descriptor-set', '-o', out],
      {
        env: { PATH: process.env.PATH ?? '', HOME: dir, BUF_CACHE_DIR: join(dir, 'cache') },
      },
    )
    return new Uint8Array(await readFile(out))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export async function compileRegistry(root: string, path: string): Promise<FileRegistry> {
  return createFileRegistry(fromBinary(FileDescriptorSetSchema, await compileDescriptorSet(root, path)))
}
