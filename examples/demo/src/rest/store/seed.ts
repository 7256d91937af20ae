/** Deterministic seed data: a handful of curated records plus generated books up to a catalogue of 5000. */
import { refreshRating } from './commerce.js'
import type { Author, Book, BookshopData, Category, Genre, Order, Review } from './types.js'

export const catalogueSize = 5000
/** A shipped order, so that cancelling it shows the 422 business-rule path. */
export const seededOrderId = '6f1c2a9e-3b7d-4e25-9a41-0c8d5e7f1b23'

const seededAt = '2024-01-15T09:30:00.000Z'
const genres: Genre[] = ['fiction', 'non-fiction', 'science', 'history', 'children', 'poetry', 'fantasy', 'mystery']

const authors: Author[] = [
  {
    id: 'au_1',
    name: 'Mira Okafor',
    born: '1971-03-09',
    nationality: 'NG',
    bio: 'Writes about the sea.',
    links: [{ network: 'mastodon', handle: '@mira@example.social' }],
  },
  { id: 'au_2', name: 'Tomas Lindqvist', born: '1958-11-23', nationality: 'SE', links: [] },
  { id: 'au_3', name: 'Inês Carvalho', born: '1985-06-02', nationality: 'PT', bio: 'Historian of printing.' },
  { id: 'au_4', name: 'Hiro Tanabe', nationality: 'JP', links: [{ network: 'github', handle: 'htanabe' }] },
  { id: 'au_5', name: 'Ada Brennan', born: '1990-01-30', nationality: 'IE' },
  { id: 'au_6', name: 'Samuel Adeyemi', nationality: 'GB' },
]

type Curated = [
  title: string,
  authorIds: string[],
  genre: Genre,
  tags: string[],
  amount: number,
  year: number,
  stock: number,
]
const curated: Curated[] = [
  ['The Lighthouse Ledger', ['au_1'], 'fiction', ['classic', 'sea'], 18.5, 2009, 12],
  ['Salt and Signal', ['au_1'], 'fiction', ['sea'], 21, 2015, 4],
  ['Northern Algorithms', ['au_2'], 'science', ['computing', 'classic'], 39.9, 1998, 7],
  ['A Short History of Movable Type', ['au_3'], 'history', ['printing'], 27.5, 2017, 0],
  ['The Quiet Garden', ['au_4'], 'poetry', ['nature'], 12, 2021, 30],
  ['Moonlit Lanterns', ['au_4', 'au_5'], 'children', ['bedtime'], 9.99, 2020, 55],
  ['The Cartographer’s Daughter', ['au_5'], 'fantasy', ['maps', 'quest'], 16.75, 2012, 3],
  ['Murder at Quay Seven', ['au_6'], 'mystery', ['sea', 'detective'], 14.2, 2005, 9],
  ['Counting the Stars', ['au_2', 'au_3'], 'science', ['astronomy'], 31, 2019, 6],
  ['Letters from Porto', ['au_3'], 'non-fiction', ['travel'], 19.9, 2023, 15],
  ['The Glass Archive', ['au_6', 'au_1'], 'fiction', ['classic'], 22.4, 1987, 2],
  ['Dragons of the Fjord', ['au_2'], 'fantasy', ['quest'], 17.3, 2011, 11],
]

function isbn(id: number): string {
  return `978${String(id).padStart(10, '0')}`
}

function curatedBook(id: number, entry: Curated): Book {
  const [title, authorIds, genre, tags, amount, year, stock] = entry
  return {
    id,
    title,
    isbn: isbn(id),
    authorIds,
    genre,
    tags,
    price: { amount, currency: 'EUR' },
    publishedAt: `${year}-04-01T00:00:00.000Z`,
    stock,
    dimensions: { widthMm: 135, heightMm: 210, pages: 180 + id * 17 },
    editions: [
      { format: 'paperback', isbn: isbn(id), price: { amount, currency: 'EUR' } },
      { format: 'ebook', price: { amount: Math.round(amount * 60) / 100, currency: 'EUR' } },
    ],
    categoryId: null,
    rating: null,
    createdAt: seededAt,
  }
}

/** Filler books so that `GET /books?limit=5000` returns a large list; deterministic so tests can rely on it. */
function generatedBook(id: number): Book {
  const author = authors[id % authors.length]?.id ?? 'au_1'
  const amount = 5 + ((id * 37) % 4500) / 100
  return {
    id,
    title: `Catalogue Volume ${id}`,
    isbn: isbn(id),
    authorIds: [author],
    genre: genres[id % genres.length] ?? 'fiction',
    tags: id % 3 === 0 ? ['backlist', 'reprint'] : ['backlist'],
    price: { amount, currency: 'EUR' },
    publishedAt: new Date(Date.UTC(1950 + (id % 74), id % 12, 1 + (id % 28))).toISOString(),
    stock: id % 7,
    editions: [{ format: 'paperback', price: { amount, currency: 'EUR' } }],
    categoryId: null,
    rating: null,
    createdAt: seededAt,
  }
}

const categories: Category[] = [
  {
    id: 'cat_1',
    name: 'Fiction',
    children: [
      { id: 'cat_2', name: 'Fantasy', children: [{ id: 'cat_3', name: 'Epic fantasy', children: [] }] },
      {
        id: 'cat_4',
        name: 'Crime',
        children: [
          { id: 'cat_5', name: 'Detective', children: [{ id: 'cat_6', name: 'Harbour mysteries', children: [] }] },
        ],
      },
    ],
  },
  {
    id: 'cat_7',
    name: 'Non-fiction',
    description: 'True stories and how things work.',
    children: [
      { id: 'cat_8', name: 'Science', children: [] },
      { id: 'cat_9', name: 'History', children: [] },
    ],
  },
]

const reviews: Review[] = [
  {
    id: 1,
    bookId: 1,
    reviewer: 'Ana',
    rating: 5,
    title: 'A keeper',
    body: 'Read it twice.',
    recommend: true,
    createdAt: seededAt,
  },
  { id: 2, bookId: 1, reviewer: 'Ben', rating: 4, recommend: true, createdAt: seededAt },
  {
    id: 3,
    bookId: 3,
    reviewer: 'Chidi',
    rating: 3,
    body: 'Dense but rewarding.',
    recommend: false,
    createdAt: seededAt,
  },
]

function seededOrder(books: Map<number, Book>): Order {
  const book = books.get(1)
  if (book === undefined) throw new Error('seed book 1 missing')
  return {
    id: seededOrderId,
    status: 'shipped',
    customer: {
      name: 'Rui Matos',
      email: 'rui@example.com',
      address: { street: '12 Harbour Lane', city: 'Porto', postalCode: '4000-123', country: 'PT' },
    },
    items: [
      { bookId: 1, title: book.title, quantity: 1, format: 'paperback', unitPrice: book.price, lineTotal: book.price },
    ],
    shipping: 'standard',
    giftWrap: false,
    note: null,
    total: book.price,
    createdAt: seededAt,
  }
}

export function createSeededData(): BookshopData {
  const books = new Map<number, Book>()
  curated.forEach((entry, index) => books.set(index + 1, curatedBook(index + 1, entry)))
  for (let id = curated.length + 1; id <= catalogueSize; id++) books.set(id, generatedBook(id))
  for (const [bookId, categoryId] of [
    [7, 'cat_3'],
    [8, 'cat_6'],
  ] as const) {
    const book = books.get(bookId)
    if (book !== undefined) book.categoryId = categoryId
  }
  const order = seededOrder(books)
  const data: BookshopData = {
    books,
    authors: new Map(authors.map((author) => [author.id, structuredClone(author)])),
    categories: structuredClone(categories),
    orders: new Map([[order.id, order]]),
    orderKeys: new Map(),
    reviews: new Map(reviews.map((review) => [review.id, { ...review }])),
    attachments: new Map(),
    nextIds: {
      book: catalogueSize + 1,
      author: authors.length + 1,
      category: 10,
      review: reviews.length + 1,
      attachment: 1,
    },
  }
  for (const review of reviews) refreshRating(data, review.bookId)
  return data
}
