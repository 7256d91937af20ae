/** Catalogue logic: listing and editing books and authors, and the category tree. */
import { HttpError } from '../http/http-error.js'
import type { Author, AuthorInput, Book, BookInput, BookshopData, Category, CategoryInput, Genre } from './types.js'

export interface BookQuery {
  q?: string
  tag?: string[]
  genre?: Genre
  minRating?: number
  publishedAfter?: string
  inStock?: boolean
  sort: 'id' | 'title' | '-title' | 'publishedAt' | '-publishedAt' | '-rating'
  limit: number
  offset: number
}

const comparators: Record<BookQuery['sort'], (a: Book, b: Book) => number> = {
  id: (a, b) => a.id - b.id,
  title: (a, b) => a.title.localeCompare(b.title),
  '-title': (a, b) => b.title.localeCompare(a.title),
  publishedAt: (a, b) => (a.publishedAt ?? '').localeCompare(b.publishedAt ?? ''),
  '-publishedAt': (a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''),
  '-rating': (a, b) => (b.rating ?? 0) - (a.rating ?? 0),
}

export function listBooks(data: BookshopData, query: BookQuery): { items: Book[]; total: number } {
  const needle = query.q?.toLowerCase()
  const after = query.publishedAfter === undefined ? undefined : Date.parse(query.publishedAfter)
  const matches = [...data.books.values()].filter(
    (book) =>
      (needle === undefined || book.title.toLowerCase().includes(needle)) &&
      (query.tag ?? []).every((tag) => book.tags.includes(tag)) &&
      (query.genre === undefined || book.genre === query.genre) &&
      (query.minRating === undefined || (book.rating ?? 0) >= query.minRating) &&
      (after === undefined || (book.publishedAt !== undefined && Date.parse(book.publishedAt) > after)) &&
      (query.inStock === undefined || book.stock > 0 === query.inStock),
  )
  matches.sort(comparators[query.sort])
  return { items: matches.slice(query.offset, query.offset + query.limit), total: matches.length }
}

export function getBook(data: BookshopData, id: number): Book {
  const book = data.books.get(id)
  if (book === undefined) throw HttpError.notFound(`Book ${id}`)
  return book
}

function checkReferences(data: BookshopData, input: Partial<BookInput>): void {
  const unknown = (input.authorIds ?? []).filter((id) => !data.authors.has(id))
  if (unknown.length > 0) throw HttpError.unprocessable('unknown_author', `No author ${unknown.join(', ')}.`)
  if (input.categoryId != null && findCategory(data.categories, input.categoryId) === undefined) {
    throw HttpError.unprocessable('unknown_category', `No category ${input.categoryId}.`)
  }
}

export function createBook(data: BookshopData, input: BookInput): Book {
  checkReferences(data, input)
  const book: Book = {
    ...input,
    id: data.nextIds.book++,
    tags: input.tags ?? [],
    stock: input.stock ?? 0,
    editions: input.editions ?? [],
    rating: null,
    createdAt: new Date().toISOString(),
  }
  data.books.set(book.id, book)
  return book
}

export function updateBook(data: BookshopData, id: number, patch: Partial<BookInput>): Book {
  const book = getBook(data, id)
  checkReferences(data, patch)
  Object.assign(book, patch)
  return book
}

export function deleteBook(data: BookshopData, id: number): void {
  getBook(data, id)
  data.books.delete(id)
}

export function authorView(data: BookshopData, author: Author): Author & { bookCount: number } {
  let bookCount = 0
  for (const book of data.books.values()) if (book.authorIds.includes(author.id)) bookCount++
  return { ...author, bookCount }
}

export function getAuthor(data: BookshopData, id: string): Author {
  const author = data.authors.get(id)
  if (author === undefined) throw HttpError.notFound(`Author ${id}`)
  return author
}

export function createAuthor(data: BookshopData, input: AuthorInput): Author {
  const author: Author = { ...input, id: `au_${data.nextIds.author++}` }
  data.authors.set(author.id, author)
  return author
}

export function findCategory(nodes: Category[], id: string): Category | undefined {
  for (const node of nodes) {
    if (node.id === id) return node
    const found = findCategory(node.children, id)
    if (found !== undefined) return found
  }
  return undefined
}

/** A copy of the tree cut below `depth` levels; the stored tree is never handed out, so callers cannot mutate it. */
export function categoryTree(nodes: Category[], depth = Number.POSITIVE_INFINITY): Category[] {
  return nodes.map((node) => ({ ...node, children: depth > 1 ? categoryTree(node.children, depth - 1) : [] }))
}

export function createCategory(data: BookshopData, input: CategoryInput, parentId: string | undefined): Category {
  const parent = parentId === undefined ? undefined : findCategory(data.categories, parentId)
  if (parentId !== undefined && parent === undefined) throw HttpError.notFound(`Category ${parentId}`)
  const build = (node: CategoryInput): Category => ({
    id: `cat_${data.nextIds.category++}`,
    name: node.name,
    ...(node.description === undefined ? {} : { description: node.description }),
    children: (node.children ?? []).map(build),
  })
  const created = build(input)
  ;(parent?.children ?? data.categories).push(created)
  return categoryTree([created])[0] ?? created
}
