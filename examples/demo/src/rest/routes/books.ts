/** Routes of the Books and Authors tags; thin adapters from validated requests to the catalogue logic. */
import { addOperation } from '../http/operation-route.js'
import type { BookQuery } from '../store/catalog.js'
import {
  authorView,
  createAuthor,
  createBook,
  deleteBook,
  getAuthor,
  getBook,
  listBooks,
  updateBook,
} from '../store/catalog.js'
import type { AuthorInput, BookInput } from '../store/types.js'
import type { RouteContext } from './context.js'

type BookParams = { Params: { bookId: number } }

export function registerBookRoutes(ctx: RouteContext): void {
  const { data } = ctx
  addOperation<{ Querystring: BookQuery }>(ctx, { method: 'get', path: '/books' }, (request, reply) => {
    const { items, total } = listBooks(data, request.query)
    void reply.header('X-Total-Count', String(total))
    return { items, total, limit: request.query.limit, offset: request.query.offset }
  })
  addOperation<{ Body: BookInput }>(ctx, { method: 'post', path: '/books' }, (request, reply) => {
    return reply.code(201).send(createBook(data, request.body))
  })
  addOperation<{ Querystring: { q: string } }>(ctx, { method: 'get', path: '/books/search' }, (request) => {
    return listBooks(data, { q: request.query.q, sort: 'title', limit: 50, offset: 0 }).items
  })
  addOperation<BookParams & { Headers: { 'x-request-id'?: string } }>(
    ctx,
    { method: 'get', path: '/books/{bookId}' },
    (request, reply) => {
      const requestId = request.headers['x-request-id']
      if (requestId !== undefined) void reply.header('X-Request-Id', requestId)
      return getBook(data, request.params.bookId)
    },
  )
  addOperation<BookParams & { Body: Partial<BookInput> }>(
    ctx,
    { method: 'patch', path: '/books/{bookId}' },
    (request) => {
      return updateBook(data, request.params.bookId, request.body)
    },
  )
  addOperation<BookParams>(ctx, { method: 'delete', path: '/books/{bookId}' }, (request, reply) => {
    deleteBook(data, request.params.bookId)
    return reply.code(204).send()
  })
}

type AuthorParams = { Params: { authorId: string } }

export function registerAuthorRoutes(ctx: RouteContext): void {
  const { data } = ctx
  addOperation<{ Querystring: { nationality?: string; limit: number; offset: number } }>(
    ctx,
    { method: 'get', path: '/authors' },
    (request) => {
      const { nationality, limit, offset } = request.query
      return [...data.authors.values()]
        .filter((author) => nationality === undefined || author.nationality === nationality)
        .slice(offset, offset + limit)
        .map((author) => authorView(data, author))
    },
  )
  addOperation<{ Body: AuthorInput }>(ctx, { method: 'post', path: '/authors' }, (request, reply) => {
    return reply.code(201).send(authorView(data, createAuthor(data, request.body)))
  })
  addOperation<AuthorParams>(ctx, { method: 'get', path: '/authors/{authorId}' }, (request) => {
    return authorView(data, getAuthor(data, request.params.authorId))
  })
  addOperation<AuthorParams>(ctx, { method: 'get', path: '/authors/{authorId}/books' }, (request) => {
    const author = getAuthor(data, request.params.authorId)
    return [...data.books.values()].filter((book) => book.authorIds.includes(author.id))
  })
}
