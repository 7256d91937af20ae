/** The Bookshop GraphQL schema (SDL): the REST demo's books, authors and reviews, with live subscriptions. */
export const typeDefs = /* GraphQL */ `
  "A calendar date in ISO 8601 form, e.g. 2015-04-01."
  scalar Date

  "Genres of the catalogue."
  enum Genre {
    FICTION
    NON_FICTION
    SCIENCE
    HISTORY
    CHILDREN
    POETRY
    FANTASY
    MYSTERY
  }

  enum BookSort {
    TITLE
    TITLE_DESC
    PUBLISHED
    PUBLISHED_DESC
    RATING
  }

  type Money {
    amount: Float!
    currency: String!
  }

  type Author {
    id: ID!
    name: String!
    born: Date
    nationality: String
    bio: String
    books(first: Int = 10): [Book!]!
  }

  type Book {
    id: ID!
    title: String!
    isbn: String
    genre: Genre!
    tags: [String!]!
    price: Money!
    published: Date
    stock: Int!
    inStock: Boolean!
    "Mean review rating, null before the first review."
    rating: Float
    authors: [Author!]!
    reviews(first: Int = 10): [Review!]!
  }

  type Review {
    id: ID!
    book: Book!
    reviewer: String!
    rating: Int!
    title: String
    body: String
    recommend: Boolean!
    createdAt: String!
  }

  union SearchResult = Book | Author

  "Every given condition must hold; anyOf adds alternatives of which one must match too."
  input BookFilter {
    genre: Genre
    text: String
    tags: [String!]
    minRating: Float
    publishedAfter: Date
    inStock: Boolean
    anyOf: [BookFilter!]
  }

  input ReviewInput {
    bookId: ID!
    reviewer: String!
    "1 to 5 stars."
    rating: Int!
    title: String
    body: String
    recommend: Boolean = true
  }

  type Query {
    "Books of the catalogue (5000 of them), filtered and sorted."
    books(filter: BookFilter, sort: BookSort = TITLE, first: Int = 20, offset: Int = 0): [Book!]!
    book(id: ID!): Book
    authors: [Author!]!
    author(id: ID!): Author
    "Books and authors whose title or name contains the text."
    search(text: String!, first: Int = 10): [SearchResult!]!
    "Several books at once: an unknown id comes back as null with an error (partial data)."
    shelf(ids: [ID!]!): [Book]!
  }

  type Mutation {
    "Adds a review; subscribers of reviewAdded receive it."
    addReview(input: ReviewInput!): Review!
    "Adds stock to a book. Needs Authorization: Bearer demo-token."
    restock(bookId: ID!, quantity: Int!): Book!
  }

  type Tick {
    n: Int!
    at: String!
    last: Boolean!
  }

  type Subscription {
    "Reviews as they are added, optionally for one book."
    reviewAdded(bookId: ID): Review!
    "Counts to count, one tick every every milliseconds (100 to 60000), then completes."
    tick(every: Int = 1000, count: Int = 10): Tick!
  }
`
