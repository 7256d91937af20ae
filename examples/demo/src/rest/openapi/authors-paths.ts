/** Paths of the Authors and Categories tags, including a two-tag operation without an operationId and the recursive tree. */
import { apiKeyOnly } from './components.js'
import { errors, jsonBody, jsonResponse } from './builders.js'
import type { PathItemObject } from './types.js'
import { ref } from './types.js'

export const authorPaths: Record<string, PathItemObject> = {
  '/authors': {
    get: {
      tags: ['Authors'],
      operationId: 'listAuthors',
      summary: 'List authors',
      parameters: [
        { name: 'nationality', in: 'query', schema: { type: 'string', pattern: '^[A-Z]{2}$' }, example: 'PT' },
        ref('parameters', 'Limit'),
        ref('parameters', 'Offset'),
      ],
      responses: {
        '200': jsonResponse('Authors by id.', { type: 'array', items: ref('schemas', 'Author') }),
        ...errors('400'),
      },
    },
    post: {
      tags: ['Authors'],
      operationId: 'createAuthor',
      summary: 'Add an author',
      description: 'Bearer token only.',
      security: [{ bearerAuth: [] }],
      requestBody: jsonBody(ref('schemas', 'AuthorInput')),
      responses: {
        '201': jsonResponse('The created author.', ref('schemas', 'Author')),
        ...errors('400', '401', '422'),
      },
    },
  },
  '/authors/{authorId}': {
    get: {
      tags: ['Authors'],
      operationId: 'getAuthor',
      summary: 'Get one author',
      parameters: [ref('parameters', 'AuthorId')],
      responses: { '200': jsonResponse('The author.', ref('schemas', 'Author')), ...errors('400', '404') },
    },
  },
  // No operationId on purpose: the workbench must derive a method name from the verb and path.
  '/authors/{authorId}/books': {
    get: {
      tags: ['Authors', 'Books'],
      summary: 'Books by one author',
      parameters: [ref('parameters', 'AuthorId')],
      responses: {
        '200': jsonResponse('The author’s books.', { type: 'array', items: ref('schemas', 'Book') }),
        ...errors('400', '404'),
      },
    },
  },
}

export const categoryPaths: Record<string, PathItemObject> = {
  '/categories': {
    get: {
      tags: ['Categories'],
      operationId: 'getCategoryTree',
      summary: 'The whole category tree',
      parameters: [
        {
          name: 'depth',
          in: 'query',
          description: 'Cut the tree below this many levels.',
          schema: { type: 'integer', minimum: 1, maximum: 10 },
        },
      ],
      responses: {
        '200': jsonResponse('Root categories with their descendants.', {
          type: 'array',
          items: ref('schemas', 'Category'),
        }),
        ...errors('400'),
      },
    },
    post: {
      tags: ['Categories'],
      operationId: 'createCategory',
      summary: 'Graft a subtree of categories',
      security: apiKeyOnly,
      parameters: [
        {
          name: 'parentId',
          in: 'query',
          description: 'Parent of the new subtree; absent means a new root.',
          schema: { type: 'string' },
          example: 'cat_1',
        },
      ],
      requestBody: jsonBody(ref('schemas', 'CategoryInput')),
      responses: {
        '201': jsonResponse('The new subtree with ids assigned.', ref('schemas', 'Category')),
        ...errors('400', '401', '404', '422'),
      },
    },
  },
}
