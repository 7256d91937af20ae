/** Paths of the Books tag: search with every query parameter kind, CRUD, and the deprecated legacy search. */
import { anyCredential, apiKeyOnly } from './components.js'
import { errors, jsonBody, jsonResponse, requestIdHeader } from './builders.js'
import type { PathItemObject } from './types.js'
import { ref } from './types.js'

export const bookPaths: Record<string, PathItemObject> = {
  '/books': {
    get: {
      tags: ['Books'],
      operationId: 'listBooks',
      summary: 'List and filter books',
      description: 'Pages through the catalogue of about 5000 books; `limit=5000` returns a large list in one call.',
      parameters: [
        { name: 'q', in: 'query', description: 'Case-insensitive substring of the title.', schema: { type: 'string' } },
        {
          name: 'tag',
          in: 'query',
          description: 'Books carrying every listed tag; repeat the parameter (`?tag=a&tag=b`).',
          style: 'form',
          explode: true,
          schema: { type: 'array', items: { type: 'string' } },
          example: ['classic', 'sea'],
        },
        { name: 'genre', in: 'query', schema: ref('schemas', 'Genre') },
        { name: 'minRating', in: 'query', schema: { type: 'number', minimum: 1, maximum: 5 } },
        {
          name: 'publishedAfter',
          in: 'query',
          description: 'Only books published strictly after this instant.',
          schema: { type: 'string', format: 'date-time' },
          example: '2000-01-01T00:00:00Z',
        },
        { name: 'inStock', in: 'query', schema: { type: 'boolean' } },
        {
          name: 'sort',
          in: 'query',
          schema: {
            type: 'string',
            enum: ['id', 'title', '-title', 'publishedAt', '-publishedAt', '-rating'],
            default: 'id',
          },
        },
        ref('parameters', 'Limit'),
        ref('parameters', 'Offset'),
      ],
      responses: {
        '200': jsonResponse('One page of books.', ref('schemas', 'BookPage'), {
          'X-Total-Count': { description: 'Matches before paging.', schema: { type: 'integer' } },
        }),
        ...errors('400'),
      },
    },
    post: {
      tags: ['Books'],
      operationId: 'createBook',
      summary: 'Add a book',
      security: anyCredential,
      requestBody: jsonBody(ref('schemas', 'BookInput')),
      responses: {
        '201': jsonResponse('The created book.', ref('schemas', 'Book')),
        ...errors('400', '401', '422'),
      },
    },
  },
  '/books/search': {
    get: {
      tags: ['Books'],
      operationId: 'searchBooksLegacy',
      summary: 'Search books by title (legacy)',
      description: 'Superseded by `GET /books?q=`; kept for old clients.',
      deprecated: true,
      parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string', minLength: 1 } }],
      responses: {
        '200': jsonResponse('Up to 50 matching books.', { type: 'array', items: ref('schemas', 'Book') }),
        ...errors('400'),
      },
    },
  },
  '/books/{bookId}': {
    parameters: [ref('parameters', 'BookId')],
    get: {
      tags: ['Books'],
      operationId: 'getBook',
      summary: 'Get one book',
      parameters: [ref('parameters', 'RequestId')],
      responses: {
        '200': jsonResponse('The book.', ref('schemas', 'Book'), requestIdHeader),
        ...errors('400', '404'),
      },
    },
    patch: {
      tags: ['Books'],
      operationId: 'updateBook',
      summary: 'Change some fields of a book',
      security: anyCredential,
      requestBody: jsonBody(ref('schemas', 'BookPatch')),
      responses: {
        '200': jsonResponse('The updated book.', ref('schemas', 'Book')),
        ...errors('400', '401', '404', '422'),
      },
    },
    delete: {
      tags: ['Books'],
      operationId: 'deleteBook',
      summary: 'Remove a book',
      description: 'Needs the API key, as catalogue administration does.',
      security: apiKeyOnly,
      responses: { '204': { description: 'Removed.' }, ...errors('400', '401', '404') },
    },
  },
}
