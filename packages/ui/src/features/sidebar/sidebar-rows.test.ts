import { describe, expect, it } from 'vitest'
import { splitLabelTail } from './sidebar-rows.js'

describe('splitLabelTail', () => {
  it('keeps the last segment, or the last two when the last is a parameter', () => {
    expect(splitLabelTail('/v1/customers/{customer}/tax_ids')).toEqual({
      head: '/v1/customers/{customer}',
      tail: '/tax_ids',
    })
    expect(splitLabelTail('/v1/customers/{customer}/tax_ids/{id}')).toEqual({
      head: '/v1/customers/{customer}',
      tail: '/tax_ids/{id}',
    })
  })

  it('leaves short labels and names without slashes whole', () => {
    expect(splitLabelTail('/books/{bookId}')).toEqual({ head: '/books/{bookId}', tail: '' })
    expect(splitLabelTail('bookshop.v1.BookService.GetBook')).toEqual({
      head: 'bookshop.v1.BookService.GetBook',
      tail: '',
    })
  })
})
