/** The GraphQL demo's state: its own copy of the REST demo's seeded catalogue, the review feed and catalogue queries. */
import type { GraphQLError } from 'graphql'
import { createGraphQLError, createPubSub } from 'graphql-yoga'
import { createSeededData } from '../rest/store/seed.js'
import type { Author, Book, BookshopData, Genre, Review } from '../rest/store/types.js'

export const graphqlLimits = {
  maxPage: 100,
  maxTextLength: 200,
  maxFilterDepth: 5,
  maxReviews: 10_000,
  maxQueryDepth: 10,
  maxQueryTokens: 5000,
  maxBodyBytes: 256 * 1024,
  maxConnections: 200,
  maxOperationsPerSocket: 20,
  /** How long `close()` waits for graphql-ws clients to answer the close frame before cutting them. */
  closeGraceMs: 250,
  minTickMs: 100,
  maxTickMs: 60_000,
  maxTicks: 1000,
}

export interface Bookshop {
  data: BookshopData
  pubSub: ReturnType<typeof createPubSub<{ reviewAdded: [Review] }>>
}

export function createBookshop(): Bookshop {
  return { data: createSeededData(), pubSub: createPubSub<{ reviewAdded: [Review] }>() }
}

export interface BookFilter {
  genre?: Genre | null
  text?: string | null
  tags?: string[] | null
  minRating?: number | null
  publishedAfter?: string | null
  inStock?: boolean | null
  anyOf?: BookFilter[] | null
}

export type BookSort = 'TITLE' | 'TITLE_DESC' | 'PUBLISHED' | 'PUBLISHED_DESC' | 'RATING'

export function badInput(message: string): GraphQLError {
  return createGraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })
}

/** Checks `first`/`offset` style arguments against the page bound. */
export function pageSize(first: number, name = 'first'): number {
  if (first < 0 || first > graphqlLimits.maxPage) throw badInput(`${name} must be from 0 to ${graphqlLimits.maxPage}.`)
  return first
}

export function checkText(text: string, name: string): string {
  if (text.length > graphqlLimits.maxTextLength) {
    throw badInput(`${name} is at most ${graphqlLimits.maxTextLength} characters.`)
  }
  return text
}

function matches(book: Book, filter: BookFilter, depth: number): boolean {
  if (depth > graphqlLimits.maxFilterDepth)
    throw badInput(`anyOf nests at most ${graphqlLimits.maxFilterDepth} levels.`)
  const text = filter.text == null ? undefined : checkText(filter.text, 'text').toLowerCase()
  const own =
    (filter.genre == null || book.genre === filter.genre) &&
    (text === undefined || book.title.toLowerCase().includes(text)) &&
    (filter.tags ?? []).every((tag) => book.tags.includes(tag)) &&
    (filter.minRating == null || (book.rating ?? 0) >= filter.minRating) &&
    (filter.publishedAfter == null || (book.publishedAt ?? '') > filter.publishedAfter) &&
    (filter.inStock == null || book.stock > 0 === filter.inStock)
  const alternatives = filter.anyOf ?? []
  return own && (alternatives.length === 0 || alternatives.some((other) => matches(book, other, depth + 1)))
}

const comparators: Record<BookSort, (a: Book, b: Book) => number> = {
  TITLE: (a, b) => a.title.localeCompare(b.title),
  TITLE_DESC: (a, b) => b.title.localeCompare(a.title),
  PUBLISHED: (a, b) => (a.publishedAt ?? '').localeCompare(b.publishedAt ?? ''),
  PUBLISHED_DESC: (a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''),
  RATING: (a, b) => (b.rating ?? 0) - (a.rating ?? 0),
}

export function findBooks(
  data: BookshopData,
  args: { filter?: BookFilter | null; sort: BookSort; first: number; offset: number },
): Book[] {
  const first = pageSize(args.first)
  if (args.offset < 0) throw badInput('offset must not be negative.')
  const found = [...data.books.values()].filter((book) => args.filter == null || matches(book, args.filter, 0))
  return found.sort(comparators[args.sort]).slice(args.offset, args.offset + first)
}

export function searchCatalogue(data: BookshopData, text: string, first: number): (Book | Author)[] {
  const needle = checkText(text, 'text').toLowerCase()
  const limit = pageSize(first)
  const authors = [...data.authors.values()].filter((author) => author.name.toLowerCase().includes(needle))
  const books = [...data.books.values()].filter((book) => book.title.toLowerCase().includes(needle))
  return [...authors, ...books].slice(0, limit)
}

/** Book ids are integers in the store and `ID` strings in the schema. */
export function bookOf(data: BookshopData, id: string | number): Book | undefined {
  return data.books.get(typeof id === 'number' ? id : /^\d+$/.test(id) ? Number(id) : Number.NaN)
}

export function bookNotFound(id: string): GraphQLError {
  return createGraphQLError(`Book ${id} does not exist.`, { extensions: { code: 'NOT_FOUND', id } })
}
