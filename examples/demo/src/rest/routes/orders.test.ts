import { describe, expect, it } from 'vitest'
import { bearer, credential, expectDocumented, multipart, useDemoApp } from '../demo-app.test-helpers.js'
import { seededOrderId } from '../store/seed.js'

const order = {
  customer: {
    name: 'Rui Matos',
    email: 'rui@example.com',
    address: { street: '12 Harbour Lane', city: 'Porto', postalCode: '4000-123', country: 'PT' },
  },
  items: [
    { bookId: 1, quantity: 2 },
    { bookId: 2, quantity: 1, format: 'ebook' },
  ],
  shipping: 'express',
}

describe('Orders', () => {
  const demo = useDemoApp()
  const place = (payload: unknown, key = 'order-key-0001') =>
    demo.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...bearer, 'idempotency-key': key },
      payload: payload as object,
    })

  it('places an order, prices its lines and reserves stock', async () => {
    const response = await place(order)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      status: 'pending',
      shipping: 'express',
      giftWrap: false,
      items: [
        { bookId: 1, quantity: 2, format: 'paperback', lineTotal: { amount: 37, currency: 'EUR' } },
        { bookId: 2, quantity: 1, format: 'ebook', unitPrice: { amount: 12.6, currency: 'EUR' } },
      ],
      total: { amount: 49.6, currency: 'EUR' },
    })
    expectDocumented(response, 'post', '/orders')
    expect((await demo.app.inject('/api/v1/books/1')).json().stock).toBe(10)
  })

  it('replays the first order for a repeated Idempotency-Key with 200', async () => {
    const first = await place(order)
    const replay = await place(order)
    expect(replay.statusCode).toBe(200)
    expect(replay.json().id).toBe(first.json().id)
    expect((await demo.app.inject('/api/v1/books/1')).json().stock).toBe(10)
    expectDocumented(replay, 'post', '/orders')
  })

  it('requires the Idempotency-Key header', async () => {
    const response = await demo.app.inject({ method: 'POST', url: '/api/v1/orders', headers: bearer, payload: order })
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toEqual([
      { location: 'header', path: '/idempotency-key', message: "must have required property 'idempotency-key'" },
    ])
  })

  it.each([
    ['an invalid email', { ...order, customer: { ...order.customer, email: 'not-an-email' } }, 'validation_failed'],
    ['a quantity over 99', { ...order, items: [{ bookId: 1, quantity: 100 }] }, 'validation_failed'],
    ['no items', { ...order, items: [] }, 'validation_failed'],
    ['an unknown book', { ...order, items: [{ bookId: 999999, quantity: 1 }] }, 'unknown_book'],
    ['more than the stock', { ...order, items: [{ bookId: 4, quantity: 1 }] }, 'insufficient_stock'],
  ])('answers 422 for %s', async (_label, payload, code) => {
    const response = await place(payload)
    expect(response.statusCode).toBe(422)
    expect(response.json().code).toBe(code)
    expectDocumented(response, 'post', '/orders')
  })

  it('gets, lists by status and cancels an order, releasing its stock', async () => {
    const { id } = (await place(order)).json()
    const fetched = await demo.app.inject({ url: `/api/v1/orders/${id}`, headers: bearer })
    expectDocumented(fetched, 'get', '/orders/{orderId}')
    const pending = await demo.app.inject({ url: '/api/v1/orders?status=pending', headers: bearer })
    expect(pending.json().map((o: { id: string }) => o.id)).toEqual([id])
    expectDocumented(pending, 'get', '/orders')
    const cancelled = await demo.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/cancel`, headers: bearer })
    expect(cancelled.json().status).toBe('cancelled')
    expect((await demo.app.inject('/api/v1/books/1')).json().stock).toBe(12)
  })

  it('refuses to cancel a shipped order and 404s or 400s bad ids', async () => {
    const shipped = await demo.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${seededOrderId}/cancel`,
      headers: bearer,
    })
    expect(shipped.statusCode).toBe(422)
    expect(shipped.json().code).toBe('not_cancellable')
    const unknown = await demo.app.inject({
      url: '/api/v1/orders/00000000-0000-4000-8000-000000000000',
      headers: bearer,
    })
    expect(unknown.statusCode).toBe(404)
    expect((await demo.app.inject({ url: '/api/v1/orders/42', headers: bearer })).statusCode).toBe(400)
  })
})

describe('Attachments', () => {
  const demo = useDemoApp()
  const bytes = Buffer.from('%PDF-1.7 demo sample bytes')

  async function upload(form: FormData, headers = credential('basic').headers) {
    const body = await multipart(form)
    return demo.app.inject({
      method: 'POST',
      url: '/api/v1/books/1/attachments',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    })
  }

  function sampleForm(): FormData {
    const form = new FormData()
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'sample.pdf')
    form.append('kind', 'sample')
    form.append('description', 'First chapter')
    return form
  }

  it('stores a multipart upload and serves the bytes back', async () => {
    const response = await upload(sampleForm())
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      id: 'att_1',
      bookId: 1,
      kind: 'sample',
      description: 'First chapter',
      filename: 'sample.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
    })
    expectDocumented(response, 'post', '/books/{bookId}/attachments')
    const listed = await demo.app.inject('/api/v1/books/1/attachments')
    expect(listed.json()).toHaveLength(1)
    expectDocumented(listed, 'get', '/books/{bookId}/attachments')
    const download = await demo.app.inject('/api/v1/attachments/att_1')
    expect(download.rawPayload.equals(bytes)).toBe(true)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.headers['content-disposition']).toBe('attachment; filename="sample.pdf"')
  })

  it('rejects an upload without a file or with an unknown kind', async () => {
    const noFile = new FormData()
    noFile.append('kind', 'cover')
    const missing = await upload(noFile)
    expect(missing.statusCode).toBe(422)
    expect(missing.json().details).toContainEqual(expect.objectContaining({ path: '/file' }))
    const badKind = sampleForm()
    badKind.set('kind', 'poster')
    expect((await upload(badKind)).statusCode).toBe(422)
    const textFile = new FormData()
    textFile.append('file', 'not a file part')
    textFile.append('kind', 'cover')
    expect((await upload(textFile)).statusCode).toBe(422)
  })

  it('needs credentials to upload and delete', async () => {
    expect((await upload(sampleForm(), {})).statusCode).toBe(401)
    await upload(sampleForm())
    const removed = await demo.app.inject({ method: 'DELETE', url: '/api/v1/attachments/att_1', headers: bearer })
    expect(removed.statusCode).toBe(204)
    expect((await demo.app.inject('/api/v1/attachments/att_1')).statusCode).toBe(404)
  })
})
