/** Resolvers of the Bookshop schema over the seeded store. */
import { createGraphQLError } from 'graphql-yoga'
import { addReview } from '../rest/store/commerce.js'
import type { Author, Book, Review } from '../rest/store/types.js'
import type { BookFilter, BookSort, Bookshop } from './bookshop.js'
import { badInput, bookNotFound, bookOf, findBooks, graphqlLimits, pageSize, searchCatalogue } from './bookshop.js'
import { dateScalar } from './date-scalar.js'
import { subscriptionResolvers } from './subscriptions.js'

export interface BookshopContext {
  /** True when the request carried the demo bearer token. */
  authorized: boolean
}

interface ReviewInput {
  bookId: string
  reviewer: string
  rating: number
  title?: string | null
  body?: string | null
  recommend?: boolean | null
}

function checkReview(input: ReviewInput): void {
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) throw badInput('rating is 1 to 5 stars.')
  if (input.reviewer.trim() === '' || input.reviewer.length > 64) throw badInput('reviewer is 1 to 64 characters.')
  if ((input.title?.length ?? 0) > 200) throw badInput('title is at most 200 characters.')
  if ((input.body?.length ?? 0) > 4000) throw badInput('body is at most 4000 characters.')
}

export function createResolvers(shop: Bookshop) {
  const { data } = shop
  const reviewsOf = (bookId: number, first: number): Review[] =>
    [...data.reviews.values()].filter((review) => review.bookId === bookId).slice(0, pageSize(first))
  return {
    Date: dateScalar,
    // Enum values map to the store's lower-case genres in both directions.
    Genre: {
      FICTION: 'fiction',
      NON_FICTION: 'non-fiction',
      SCIENCE: 'science',
      HISTORY: 'history',
      CHILDREN: 'children',
      POETRY: 'poetry',
      FANTASY: 'fantasy',
      MYSTERY: 'mystery',
    },
    SearchResult: {
      __resolveType: (value: Book | Author) => ('title' in value ? 'Book' : 'Author'),
    },
    Book: {
      published: (book: Book) => book.publishedAt ?? null,
      inStock: (book: Book) => book.stock > 0,
      authors: (book: Book) => book.authorIds.flatMap((id) => data.authors.get(id) ?? []),
      reviews: (book: Book, args: { first: number }) => reviewsOf(book.id, args.first),
    },
    Author: {
      books: (author: Author, args: { first: number }) =>
        [...data.books.values()].filter((book) => book.authorIds.includes(author.id)).slice(0, pageSize(args.first)),
    },
    Review: {
      book: (review: Review) => data.books.get(review.bookId),
    },
    Query: {
      books: (_: unknown, args: { filter?: BookFilter | null; sort: BookSort; first: number; offset: number }) =>
        findBooks(data, args),
      book: (_: unknown, args: { id: string }) => bookOf(data, args.id) ?? null,
      authors: () => [...data.authors.values()],
      author: (_: unknown, args: { id: string }) => data.authors.get(args.id) ?? null,
      search: (_: unknown, args: { text: string; first: number }) => searchCatalogue(data, args.text, args.first),
      // An Error in a list of nullable items becomes null there plus an entry in `errors`: partial data on purpose.
      shelf: (_: unknown, args: { ids: string[] }) => {
        if (args.ids.length > graphqlLimits.maxPage) throw badInput(`ids holds at most ${graphqlLimits.maxPage} ids.`)
        return args.ids.map((id) => bookOf(data, id) ?? bookNotFound(id))
      },
    },
    Mutation: {
      addReview: (_: unknown, args: { input: ReviewInput }) => {
        const input = args.input
        const book = bookOf(data, input.bookId)
        if (book === undefined) throw bookNotFound(input.bookId)
        checkReview(input)
        if (data.reviews.size >= graphqlLimits.maxReviews) {
          throw createGraphQLError('The demo holds no more reviews; restart it.', {
            extensions: { code: 'LIMIT_REACHED' },
          })
        }
        const review = addReview(data, book.id, {
          reviewer: input.reviewer,
          rating: input.rating,
          recommend: input.recommend ?? true,
          ...(input.title == null ? {} : { title: input.title }),
          ...(input.body == null ? {} : { body: input.body }),
        })
        shop.pubSub.publish('reviewAdded', review)
        return review
      },
      restock: (_: unknown, args: { bookId: string; quantity: number }, context: BookshopContext) => {
        if (!context.authorized) {
          throw createGraphQLError('Restocking needs Authorization: Bearer demo-token.', {
            extensions: { code: 'UNAUTHENTICATED' },
          })
        }
        if (args.quantity < 1 || args.quantity > 1000) throw badInput('quantity is 1 to 1000.')
        const book = bookOf(data, args.bookId)
        if (book === undefined) throw bookNotFound(args.bookId)
        book.stock += args.quantity
        return book
      },
    },
    Subscription: subscriptionResolvers(shop),
  }
}
