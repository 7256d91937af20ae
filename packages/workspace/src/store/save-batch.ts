/**
 * Saves a batch of requests into a workspace (an import the user previewed): names become safe file names, a path
 * that exists gets a numbered suffix instead of being replaced, and imported variables fill only names the
 * workspace does not define yet.
 */
import { WorkbenchError } from '@wirebench/core'
import type { ImportReportItem, ImportResult, SaveImportedRequestsBody } from '@wirebench/core'
import { folderSegments } from './request-path.js'
import type { WorkspaceStore } from './workspace-store.js'

/** The characters a path segment may not hold become dashes; an empty result becomes `request`. */
export function toSafeSegment(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ._-]+/g, '-')
    .replace(/\.corrupt-/g, '-corrupt-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 90)
    .replace(/[ .]+$/, '')
  return cleaned === '' || cleaned.toLowerCase() === 'folder' ? `request${cleaned === '' ? '' : '-folder'}` : cleaned
}

const maxBatch = 5000

export async function saveBatch(store: WorkspaceStore, body: SaveImportedRequestsBody): Promise<ImportResult> {
  if (body.requests.length > maxBatch) {
    throw new WorkbenchError(
      'invalid_request',
      `A batch holds at most ${maxBatch} requests (${body.requests.length} sent).`,
      {
        hint: 'Import the collection in parts (one folder at a time).',
      },
    )
  }
  const report: ImportReportItem[] = []
  const saved: string[] = []
  const taken = new Set((await store.read()).requests.map((entry) => entry.path))
  for (const [i, item] of body.requests.entries()) {
    const source = item.folder === '' ? item.request.name : `${item.folder}/${item.request.name}`
    let folder: string
    try {
      folder = folderSegments(item.folder.split('/').filter(Boolean).map(toSafeSegment).join('/')).join('/')
    } catch (error) {
      report.push({ source, message: WorkbenchError.from(error).message })
      continue
    }
    const stem = toSafeSegment(item.request.name)
    const prefix = folder === '' ? '' : `${folder}/`
    let path = `${prefix}${stem}`
    for (let n = 2; taken.has(path); n++) path = `${prefix}${stem}-${n}`
    try {
      await store.saveRequest(path, item.request)
      taken.add(path)
      saved.push(path)
    } catch (error) {
      report.push({ source: source || `request ${i + 1}`, message: WorkbenchError.from(error).message })
    }
  }
  const vars = body.vars ?? {}
  if (Object.keys(vars).length > 0) {
    const current = (await store.read()).manifest.vars ?? {}
    const added = Object.fromEntries(Object.entries(vars).filter(([name]) => !(name in current)))
    for (const name of Object.keys(vars)) {
      if (name in current && current[name] !== vars[name]) {
        report.push({ source: `variable ${name}`, message: 'The workspace already defines it; its value was kept.' })
      }
    }
    if (Object.keys(added).length > 0) await store.updateManifest({ vars: { ...current, ...added } })
  }
  return { saved, report }
}
