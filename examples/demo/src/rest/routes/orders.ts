/** Routes of the Orders and Attachments tags. */
import { HttpError } from '../http/http-error.js'
import type { MultipartBody } from '../http/multipart-body.js'
import { addOperation } from '../http/operation-route.js'
import { addAttachment, attachmentView, cancelOrder, getAttachment, getOrder, placeOrder } from '../store/commerce.js'
import { getBook } from '../store/catalog.js'
import type { AttachmentKind, OrderInput, OrderStatus } from '../store/types.js'
import type { RouteContext } from './context.js'

export function registerOrderRoutes(ctx: RouteContext): void {
  const { data } = ctx
  addOperation<{ Querystring: { status?: OrderStatus } }>(ctx, { method: 'get', path: '/orders' }, (request) => {
    const { status } = request.query
    return [...data.orders.values()].filter((order) => status === undefined || order.status === status)
  })
  addOperation<{ Headers: { 'idempotency-key': string }; Body: OrderInput }>(
    ctx,
    { method: 'post', path: '/orders' },
    (request, reply) => {
      const { order, isReplay } = placeOrder(data, request.body, request.headers['idempotency-key'])
      return reply.code(isReplay ? 200 : 201).send(order)
    },
  )
  addOperation<{ Params: { orderId: string } }>(ctx, { method: 'get', path: '/orders/{orderId}' }, (request) => {
    return getOrder(data, request.params.orderId)
  })
  addOperation<{ Params: { orderId: string } }>(
    ctx,
    { method: 'post', path: '/orders/{orderId}/cancel' },
    (request) => {
      return cancelOrder(data, request.params.orderId)
    },
  )
}

function singleField(body: MultipartBody, name: string): string | undefined {
  const value = body.fields[name]
  return Array.isArray(value) ? value[0] : value
}

export function registerAttachmentRoutes(ctx: RouteContext): void {
  const { data } = ctx
  addOperation<{ Params: { bookId: number } }>(
    ctx,
    { method: 'get', path: '/books/{bookId}/attachments' },
    (request) => {
      const bookId = getBook(data, request.params.bookId).id
      return [...data.attachments.values()].filter((a) => a.bookId === bookId).map(attachmentView)
    },
  )
  addOperation<{ Params: { bookId: number }; Body: MultipartBody }>(
    ctx,
    { method: 'post', path: '/books/{bookId}/attachments' },
    (request, reply) => {
      const file = request.body.files.find((candidate) => candidate.field === 'file')
      // Validation saw a `file` entry, but a text field of that name would pass too; only a real file part counts.
      if (file === undefined) throw HttpError.unprocessable('validation_failed', 'The `file` part must be a file.')
      const kind = singleField(request.body, 'kind') as AttachmentKind
      const attachment = addAttachment(data, request.params.bookId, {
        file,
        kind,
        description: singleField(request.body, 'description'),
      })
      return reply.code(201).send(attachmentView(attachment))
    },
  )
  addOperation<{ Params: { attachmentId: string } }>(
    ctx,
    { method: 'get', path: '/attachments/{attachmentId}' },
    (request, reply) => {
      const attachment = getAttachment(data, request.params.attachmentId)
      const filename = attachment.filename.replace(/["\\\r\n]/g, '_')
      return reply
        .type(attachment.contentType || 'application/octet-stream')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(attachment.data)
    },
  )
  addOperation<{ Params: { attachmentId: string } }>(
    ctx,
    { method: 'delete', path: '/attachments/{attachmentId}' },
    (request, reply) => {
      getAttachment(data, request.params.attachmentId)
      data.attachments.delete(request.params.attachmentId)
      return reply.code(204).send()
    },
  )
}
