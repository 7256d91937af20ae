/** Paths of the Attachments tag: a multipart upload with a binary file and text fields, and a binary download. */
import { anyCredential } from './components.js'
import { errors, jsonResponse } from './builders.js'
import type { PathItemObject } from './types.js'
import { ref } from './types.js'

const attachmentId = {
  name: 'attachmentId',
  in: 'path' as const,
  required: true,
  schema: { type: 'string' as const, pattern: '^att_[0-9]+$' },
  example: 'att_1',
}

export const attachmentPaths: Record<string, PathItemObject> = {
  '/books/{bookId}/attachments': {
    parameters: [ref('parameters', 'BookId')],
    get: {
      tags: ['Attachments'],
      operationId: 'listAttachments',
      summary: 'Files attached to a book',
      responses: {
        '200': jsonResponse('Attachment metadata.', { type: 'array', items: ref('schemas', 'Attachment') }),
        ...errors('400', '404'),
      },
    },
    post: {
      tags: ['Attachments'],
      operationId: 'uploadAttachment',
      summary: 'Attach a file to a book',
      security: anyCredential,
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: ref('schemas', 'AttachmentUpload'),
            encoding: { file: { contentType: 'application/octet-stream, image/*, application/pdf' } },
          },
        },
      },
      responses: {
        '201': jsonResponse('The stored attachment.', ref('schemas', 'Attachment')),
        ...errors('400', '401', '404', '422'),
      },
    },
  },
  '/attachments/{attachmentId}': {
    get: {
      tags: ['Attachments'],
      operationId: 'downloadAttachment',
      summary: 'Download the file bytes',
      parameters: [attachmentId],
      responses: {
        '200': {
          description: 'The bytes, with the content type they were uploaded with.',
          headers: { 'Content-Disposition': { schema: { type: 'string' } } },
          content: {
            'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
          },
        },
        ...errors('400', '404'),
      },
    },
    delete: {
      tags: ['Attachments'],
      operationId: 'deleteAttachment',
      summary: 'Remove an attachment',
      security: anyCredential,
      parameters: [attachmentId],
      responses: { '204': { description: 'Removed.' }, ...errors('400', '401', '404') },
    },
  },
}
