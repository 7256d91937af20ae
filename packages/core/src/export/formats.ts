/** The export formats, their snippet languages, and the refusal of a format a protocol cannot write. */
import { WorkbenchError } from '../errors/workbench-error.js'
import type { ExportFormat } from '../plugin/contract.js'

export const exportFormats: readonly ExportFormat[] = [
  'curl',
  'python-requests',
  'python-httpx',
  'javascript-fetch',
  'httpie',
  'grpcurl',
  'websocat',
  'wscat',
  'wirebench',
]

export const exportFormatLabels: Readonly<Record<ExportFormat, string>> = {
  curl: 'curl',
  'python-requests': 'Python (requests)',
  'python-httpx': 'Python (httpx)',
  'javascript-fetch': 'JavaScript (fetch)',
  httpie: 'HTTPie',
  grpcurl: 'grpcurl',
  websocat: 'websocat',
  wscat: 'wscat',
  wirebench: 'wirebench call',
}

export const exportFormatLanguages: Readonly<Record<ExportFormat, string>> = {
  curl: 'shell',
  'python-requests': 'python',
  'python-httpx': 'python',
  'javascript-fetch': 'javascript',
  httpie: 'shell',
  grpcurl: 'shell',
  websocat: 'shell',
  wscat: 'shell',
  wirebench: 'shell',
}

/** The 400 for a format the protocol does not write, naming the ones it does. */
export function unsupportedExportFormat(
  format: string,
  protocol: string,
  supported: readonly ExportFormat[],
): WorkbenchError {
  const list = supported.length > 0 ? supported.join(', ') : 'none'
  return new WorkbenchError('invalid_request', `${protocol} calls cannot be exported as ${format}.`, {
    hint: `Choose one of the formats ${protocol} supports: ${list}.`,
    details: { format, supported: [...supported] },
  })
}
