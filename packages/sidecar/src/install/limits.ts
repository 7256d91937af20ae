/** Caps on what a plugin package may hold, checked entry by entry before anything leaves the staging directory. */

export interface PackageLimits {
  /** Files and directories in the package. */
  maxEntries: number
  /** Bytes of one file once extracted. */
  maxFileBytes: number
  /** Bytes of the whole package once extracted. */
  maxTotalBytes: number
  /** Extracted bytes per compressed byte of an archive entry (beyond `ratioFloorBytes`). */
  maxCompressionRatio: number
  /** Entries smaller than this are not held to the ratio (a short text file compresses well and is harmless). */
  ratioFloorBytes: number
}

export const defaultPackageLimits: PackageLimits = {
  maxEntries: 10_000,
  maxFileBytes: 100 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxCompressionRatio: 100,
  ratioFloorBytes: 1024 * 1024,
}

/** Why a package was refused; nothing of it was kept. */
export class InstallError extends Error {
  override readonly name = 'InstallError'
}
