/** Routes of the Categories and Reviews tags. */
import { addOperation } from '../http/operation-route.js'
import { categoryTree, createCategory, getBook } from '../store/catalog.js'
import { addReview, deleteReview } from '../store/commerce.js'
import type { CategoryInput, ReviewInput } from '../store/types.js'
import type { RouteContext } from './context.js'

export function registerCategoryRoutes(ctx: RouteContext): void {
  const { data } = ctx
  addOperation<{ Querystring: { depth?: number } }>(ctx, { method: 'get', path: '/categories' }, (request) => {
    return categoryTree(data.categories, request.query.depth)
  })
  addOperation<{ Querystring: { parentId?: string }; Body: CategoryInput }>(
    ctx,
    { method: 'post', path: '/categories' },
    (request, reply) => reply.code(201).send(createCategory(data, request.body, request.query.parentId)),
  )
}

export function registerReviewRoutes(ctx: RouteContext): void {
  const { data } = ctx
  addOperation<{ Params: { bookId: number }; Querystring: { minRating?: number } }>(
    ctx,
    { method: 'get', path: '/books/{bookId}/reviews' },
    (request) => {
      const { bookId } = request.params
      getBook(data, bookId)
      const minRating = request.query.minRating ?? 1
      return [...data.reviews.values()]
        .filter((review) => review.bookId === bookId && review.rating >= minRating)
        .sort((a, b) => b.id - a.id)
    },
  )
  addOperation<{ Params: { bookId: number }; Body: ReviewInput }>(
    ctx,
    { method: 'post', path: '/books/{bookId}/reviews' },
    (request, reply) => reply.code(201).send(addReview(data, request.params.bookId, request.body)),
  )
  addOperation<{ Params: { reviewId: number } }>(
    ctx,
    { method: 'delete', path: '/reviews/{reviewId}' },
    (request, reply) => {
      deleteReview(data, request.params.reviewId)
      return reply.code(204).send()
    },
  )
}
