/** The typed boundary of the .proto compiler: what goes in, what comes out, and how a failure is described. */
import type { SchemaFile } from '@wirebench/core'

export interface CompileProtoOptions {
  /** The uploaded .proto files; names are import paths (`acme/v1/types.proto`) or plain file names. */
  files: readonly SchemaFile[]
  /**
   * Compile only this file and what it imports, directly or not; the other files are candidates for its imports.
   * Without it every file is compiled.
   */
  entry?: string
  /** Cancels the compilation and kills the compiler. */
  signal?: AbortSignal
  /** Wall-clock limit for the compiler process; defaults to 20 s. */
  timeoutMs?: number
  /** Keep comments and source positions in the descriptors (the form shows comments); defaults to true. */
  includeSourceInfo?: boolean
}

export interface CompiledProtoFile {
  /** The name the file was uploaded under. */
  name: string
  /** The import path it was compiled at: its name, or the path another upload imports it by. */
  path: string
}

export interface CompiledProtos {
  /** A serialized `google.protobuf.FileDescriptorSet` holding every uploaded file and everything it imports. */
  fileDescriptorSet: Uint8Array
  /** The compiled files with their paths in the descriptor set: the entry first, then the others in upload order. */
  files: CompiledProtoFile[]
}

/** One problem the compiler found, positioned in an uploaded file where it has a position. */
export interface ProtoDiagnostic {
  /** The uploaded file's name (not the path it was compiled at); absent for problems with no file. */
  file?: string
  /** 1-based. */
  line?: number
  /** 1-based. */
  column?: number
  endLine?: number
  endColumn?: number
  message: string
  /** What to do about it, where the compiler's message alone does not say. */
  hint?: string
  /** The import path that is not in the upload set, for a missing import. */
  missingImport?: string
}
