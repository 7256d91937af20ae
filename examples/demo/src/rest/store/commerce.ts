/** Order, review and attachment logic: stock reservation, idempotent order creation and review ratings. */
import { randomUUID } from 'node:crypto'
import { HttpError } from '../http/http-error.js'
import type { UploadedFile } from '../http/multipart-body.js'
import { getBook } from './catalog.js'
import type {
  Attachment,
  AttachmentKind,
  BookshopData,
  Money,
  Order,
  OrderInput,
  OrderLine,
  Review,
  ReviewInput,
} from './types.js'

const round = (amount: number): number => Math.round(amount * 100) / 100

function priceLine(data: BookshopData, item: OrderInput['items'][number]): OrderLine {
  const book = data.books.get(item.bookId)
  if (book === undefined) throw HttpError.unprocessable('unknown_book', `No book ${item.bookId}.`)
  const format = item.format ?? 'paperback'
  const unitPrice = book.editions.find((edition) => edition.format === format)?.price ?? book.price
  return {
    bookId: book.id,
    title: book.title,
    quantity: item.quantity,
    format,
    unitPrice,
    lineTotal: { amount: round(unitPrice.amount * item.quantity), currency: unitPrice.currency },
  }
}

/** Places an order, or returns the earlier one for a replayed key (`isReplay`), reserving stock all-or-nothing. */
export function placeOrder(
  data: BookshopData,
  input: OrderInput,
  idempotencyKey: string,
): { order: Order; isReplay: boolean } {
  const earlier = data.orderKeys.get(idempotencyKey)
  const replayed = earlier === undefined ? undefined : data.orders.get(earlier)
  if (replayed !== undefined) return { order: replayed, isReplay: true }

  const lines = input.items.map((item) => priceLine(data, item))
  const currencies = new Set(lines.map((line) => line.unitPrice.currency))
  if (currencies.size > 1) throw HttpError.unprocessable('mixed_currencies', 'All items must share one currency.')
  const wanted = new Map<number, number>()
  for (const line of lines) wanted.set(line.bookId, (wanted.get(line.bookId) ?? 0) + line.quantity)
  for (const [bookId, quantity] of wanted) {
    const stock = getBook(data, bookId).stock
    if (stock < quantity) {
      throw HttpError.unprocessable('insufficient_stock', `Book ${bookId} has ${stock} in stock; ${quantity} ordered.`)
    }
  }
  for (const [bookId, quantity] of wanted) getBook(data, bookId).stock -= quantity

  const total: Money = {
    amount: round(lines.reduce((sum, line) => sum + line.lineTotal.amount, 0)),
    currency: lines[0]?.unitPrice.currency ?? 'EUR',
  }
  const order: Order = {
    id: randomUUID(),
    status: 'pending',
    customer: input.customer,
    items: lines,
    shipping: input.shipping ?? 'standard',
    giftWrap: input.giftWrap ?? false,
    note: input.note ?? null,
    total,
    createdAt: new Date().toISOString(),
  }
  data.orders.set(order.id, order)
  data.orderKeys.set(idempotencyKey, order.id)
  return { order, isReplay: false }
}

export function getOrder(data: BookshopData, id: string): Order {
  const order = data.orders.get(id)
  if (order === undefined) throw HttpError.notFound(`Order ${id}`)
  return order
}

export function cancelOrder(data: BookshopData, id: string): Order {
  const order = getOrder(data, id)
  if (order.status === 'shipped' || order.status === 'cancelled') {
    throw HttpError.unprocessable('not_cancellable', `Order ${id} is ${order.status}.`)
  }
  for (const line of order.items) {
    const book = data.books.get(line.bookId)
    if (book !== undefined) book.stock += line.quantity
  }
  order.status = 'cancelled'
  return order
}

/** Recomputes a book's mean rating, kept on the book so that listing and sorting stay cheap. */
export function refreshRating(data: BookshopData, bookId: number): void {
  const book = data.books.get(bookId)
  if (book === undefined) return
  const ratings = [...data.reviews.values()].filter((r) => r.bookId === bookId).map((r) => r.rating)
  book.rating = ratings.length === 0 ? null : round(ratings.reduce((a, b) => a + b, 0) / ratings.length)
}

export function addReview(data: BookshopData, bookId: number, input: ReviewInput): Review {
  getBook(data, bookId)
  const review: Review = {
    ...input,
    id: data.nextIds.review++,
    bookId,
    recommend: input.recommend ?? true,
    createdAt: new Date().toISOString(),
  }
  data.reviews.set(review.id, review)
  refreshRating(data, bookId)
  return review
}

export function deleteReview(data: BookshopData, id: number): void {
  const review = data.reviews.get(id)
  if (review === undefined) throw HttpError.notFound(`Review ${id}`)
  data.reviews.delete(id)
  refreshRating(data, review.bookId)
}

export function addAttachment(
  data: BookshopData,
  bookId: number,
  upload: { file: UploadedFile; kind: AttachmentKind; description: string | undefined },
): Attachment {
  getBook(data, bookId)
  const { file } = upload
  const attachment: Attachment = {
    id: `att_${data.nextIds.attachment++}`,
    bookId,
    kind: upload.kind,
    ...(upload.description === undefined ? {} : { description: upload.description }),
    filename: file.filename || 'upload.bin',
    contentType: file.contentType,
    size: file.size,
    sha256: file.sha256,
    uploadedAt: new Date().toISOString(),
    data: file.data,
  }
  data.attachments.set(attachment.id, attachment)
  return attachment
}

export function getAttachment(data: BookshopData, id: string): Attachment {
  const attachment = data.attachments.get(id)
  if (attachment === undefined) throw HttpError.notFound(`Attachment ${id}`)
  return attachment
}

/** Attachment metadata as documented; the bytes are only served by the download operation. */
export function attachmentView(attachment: Attachment): Omit<Attachment, 'data'> {
  const { data: _bytes, ...view } = attachment
  return view
}
