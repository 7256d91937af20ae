/** Finds the buf executable that the `@bufbuild/buf` npm package installs for this platform (no download). */
import { createRequire } from 'node:module'
import { arch, endianness } from 'node:os'
import { WorkbenchError } from '@wirebench/core'

// The platform packages `@bufbuild/buf` lists as optional dependencies; npm installs the one matching this machine.
const platformPackages: Record<string, string> = {
  'darwin arm64 LE': '@bufbuild/buf-darwin-arm64',
  'darwin x64 LE': '@bufbuild/buf-darwin-x64',
  'linux arm64 LE': '@bufbuild/buf-linux-aarch64',
  'linux arm LE': '@bufbuild/buf-linux-armv7',
  'linux x64 LE': '@bufbuild/buf-linux-x64',
  'win32 arm64 LE': '@bufbuild/buf-win32-arm64',
  'win32 x64 LE': '@bufbuild/buf-win32-x64',
}

let cached: string | undefined

export function bufBinaryPath(): string {
  if (cached !== undefined) return cached
  const key = `${process.platform} ${arch()} ${endianness()}`
  const pkg = platformPackages[key]
  if (pkg === undefined) {
    throw new WorkbenchError('unsupported', `Compiling .proto files is not supported on ${key}.`, {
      hint: 'Use server reflection instead, or run the workbench on Linux, macOS or Windows (x64 or arm64).',
    })
  }
  try {
    // Resolved from @bufbuild/buf itself: the platform package is its dependency, not ours.
    const fromBuf = createRequire(createRequire(import.meta.url).resolve('@bufbuild/buf/package.json'))
    const executable = fromBuf.resolve(`${pkg}/bin/buf${process.platform === 'win32' ? '.exe' : ''}`)
    cached = executable
    return executable
  } catch (cause) {
    throw new WorkbenchError('internal', `The protobuf compiler (${pkg}) is not installed.`, {
      cause,
      hint: 'Reinstall dependencies with npm install, without --omit=optional: @bufbuild/buf ships buf in that package.',
    })
  }
}
