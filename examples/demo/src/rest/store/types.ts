/** Domain types of the Bookshop; they mirror the document's schemas, which validation enforces at the boundary. */
export type Currency = 'EUR' | 'USD' | 'GBP'
export type Genre = 'fiction' | 'non-fiction' | 'science' | 'history' | 'children' | 'poetry' | 'fantasy' | 'mystery'
export type EditionFormat = 'hardcover' | 'paperback' | 'ebook' | 'audiobook'

export interface Money {
  amount: number
  currency: Currency
}

export interface Edition {
  format: EditionFormat
  isbn?: string
  price: Money
}

export interface BookInput {
  title: string
  subtitle?: string | null
  isbn?: string
  authorIds: string[]
  genre: Genre
  tags?: string[]
  price: Money
  publishedAt?: string
  stock?: number
  dimensions?: { widthMm?: number; heightMm?: number; pages?: number }
  editions?: Edition[]
  categoryId?: string | null
}

export interface Book extends BookInput {
  id: number
  tags: string[]
  stock: number
  editions: Edition[]
  rating: number | null
  createdAt: string
}

export interface AuthorInput {
  name: string
  bio?: string
  born?: string
  nationality?: string
  links?: { network: 'mastodon' | 'bluesky' | 'github' | 'website'; handle: string }[]
}

export interface Author extends AuthorInput {
  id: string
}

export interface CategoryInput {
  name: string
  description?: string
  children?: CategoryInput[]
}

export interface Category {
  id: string
  name: string
  description?: string
  children: Category[]
}

export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'cancelled'

export interface Customer {
  name: string
  email: string
  phone?: string
  address: { street: string; city: string; postalCode: string; country: string }
}

export interface OrderInput {
  customer: Customer
  items: { bookId: number; quantity: number; format?: EditionFormat }[]
  shipping?: 'standard' | 'express' | 'pickup'
  giftWrap?: boolean
  note?: string | null
}

export interface OrderLine {
  bookId: number
  title: string
  quantity: number
  format: EditionFormat
  unitPrice: Money
  lineTotal: Money
}

export interface Order {
  id: string
  status: OrderStatus
  customer: Customer
  items: OrderLine[]
  shipping: 'standard' | 'express' | 'pickup'
  giftWrap: boolean
  note?: string | null
  total: Money
  createdAt: string
}

export interface ReviewInput {
  reviewer: string
  rating: number
  title?: string
  body?: string
  recommend?: boolean
}

export interface Review extends ReviewInput {
  id: number
  bookId: number
  recommend: boolean
  createdAt: string
}

export type AttachmentKind = 'cover' | 'sample' | 'errata'

export interface Attachment {
  id: string
  bookId: number
  kind: AttachmentKind
  description?: string
  filename: string
  contentType: string
  size: number
  sha256: string
  uploadedAt: string
  data: Buffer
}

/** All state of one demo process; created seeded, never persisted. */
export interface BookshopData {
  books: Map<number, Book>
  authors: Map<string, Author>
  categories: Category[]
  orders: Map<string, Order>
  /** Idempotency-Key → order id. */
  orderKeys: Map<string, string>
  reviews: Map<number, Review>
  attachments: Map<string, Attachment>
  nextIds: { book: number; author: number; category: number; review: number; attachment: number }
}
