// Records every module the process imports (the resolved URL, one a line) in the file named by WIREBENCH_IMPORT_LOG.
// Loaded with `node --import`: it registers itself as a module-resolution hook, which Node runs on its hooks thread.
import { appendFileSync } from 'node:fs'
import { register } from 'node:module'
import { isMainThread } from 'node:worker_threads'

const logFile = process.env.WIREBENCH_IMPORT_LOG

if (isMainThread && logFile) register(import.meta.url)

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context)
  if (logFile) appendFileSync(logFile, `${resolved.url}\n`)
  return resolved
}
