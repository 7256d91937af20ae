/** `previewImport`: one import request to the requests it describes, without saving anything. */
import { WorkbenchError } from '@wirebench/core'
import type { ImportPreview, ImportRequest } from '@wirebench/core'
import { withSavePaths } from './save-paths.js'

export async function previewImport(request: ImportRequest): Promise<ImportPreview> {
  return withSavePaths(await parse(request))
}

/** Each format's parser loads on its first use: curlconverter's grammar and the Postman SDK weigh ~0.3 s each. */
async function parse(request: ImportRequest): Promise<ImportPreview> {
  if (request.content.trim() === '') {
    throw new WorkbenchError('invalid_request', `The ${request.format} import is empty.`, {
      hint: 'Paste a curl command or choose a file.',
    })
  }
  switch (request.format) {
    case 'curl':
      return (await import('./curl/import-curl.js')).importCurl(request.content)
    case 'postman':
      return (await import('./postman/import-postman.js')).importPostman(request.content)
    case 'insomnia':
      return (await import('./insomnia/import-insomnia.js')).importInsomnia(request.content)
    case 'har':
      return (await import('./har/import-har.js')).importHar(request.content)
  }
}
