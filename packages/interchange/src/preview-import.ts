/** `previewImport`: one import request to the requests it describes, without saving anything. */
import { WorkbenchError } from '@wirebench/core'
import type { ImportPreview, ImportRequest } from '@wirebench/core'
import { importCurl } from './curl/import-curl.js'
import { importHar } from './har/import-har.js'
import { importInsomnia } from './insomnia/import-insomnia.js'
import { importPostman } from './postman/import-postman.js'

export function previewImport(request: ImportRequest): Promise<ImportPreview> {
  // Async for callers: a later format may read its source lazily; every parser here is synchronous.
  return new Promise((resolve) => resolve(parse(request)))
}

function parse(request: ImportRequest): ImportPreview {
  if (request.content.trim() === '') {
    throw new WorkbenchError('invalid_request', `The ${request.format} import is empty.`, {
      hint: 'Paste a curl command or choose a file.',
    })
  }
  switch (request.format) {
    case 'curl':
      return importCurl(request.content)
    case 'postman':
      return importPostman(request.content)
    case 'insomnia':
      return importInsomnia(request.content)
    case 'har':
      return importHar(request.content)
  }
}
