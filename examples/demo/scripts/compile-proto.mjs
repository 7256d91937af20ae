// Compiles the demo's .proto files (proto/**/*.proto) into proto/descriptors.binpb, a FileDescriptorSet with comments,
// using the buf binary the @bufbuild/buf npm package ships. The gRPC demo loads that file at start, so it needs no
// compiler at run time. `--check` compares instead of writing and exits 1 when the committed file is stale.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const protoDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'proto')
const output = join(protoDir, 'descriptors.binpb')
// The package's bin script picks the platform binary that npm installed beside it.
const bufScript = createRequire(import.meta.url).resolve('@bufbuild/buf/bin/buf')

const result = spawnSync(
  process.execPath,
  [
    bufScript,
    'build',
    '.',
    '--config',
    '{"version":"v2"}',
    '--as-file-descriptor-set',
    '--disable-symlinks',
    '-o',
    '-',
  ],
  {
    cwd: protoDir,
    shell: false,
    maxBuffer: 16 * 1024 * 1024,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
  },
)
if (result.status !== 0) {
  process.stderr.write(result.stderr)
  process.stderr.write(`buf build failed (${result.status ?? result.signal})\n`)
  process.exit(1)
}
if (process.argv.includes('--check')) {
  let current
  try {
    current = readFileSync(output)
  } catch {
    current = Buffer.alloc(0)
  }
  if (!current.equals(result.stdout)) {
    process.stderr.write(`${output} is stale: run node examples/demo/scripts/compile-proto.mjs\n`)
    process.exit(1)
  }
} else {
  writeFileSync(output, result.stdout)
  process.stdout.write(`wrote ${output} (${result.stdout.length} bytes)\n`)
}
