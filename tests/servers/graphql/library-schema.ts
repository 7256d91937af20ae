/**
 * One small library schema served by the third-party GraphQL servers of the tests (Apollo Server, Mercurius): typed
 * arguments with defaults (ID, String, Int, enums, input objects), deprecated fields and enum values with reasons,
 * a mutation that records what it added, and subscriptions that tick a few times.
 */
export const librarySdl = /* GraphQL */ `
  "Kinds of book."
  enum Genre {
    FICTION
    HISTORY
    "Poems."
    POETRY @deprecated(reason: "Shelved under FICTION now.")
  }

  "Which books to list."
  input BookFilter {
    genre: Genre = FICTION
    minYear: Int
    authorId: ID
    "Title words."
    words: [String!]
  }

  type Book {
    id: ID!
    title: String!
    genre: Genre!
    year: Int
    isbn: String @deprecated(reason: "Use id.")
  }

  type Query {
    "One book by its id."
    book(bookId: ID!): Book
    books(filter: BookFilter, limit: Int = 10, titleContains: String): [Book!]!
    oldBooks: [Book!]! @deprecated(reason: "Use books.")
  }

  type Mutation {
    addBook(title: String!, genre: Genre = FICTION, year: Int): Book!
  }

  type Subscription {
    "Counts to count, one tick per 20 ms."
    tick(count: Int = 3): Int!
  }
`

export interface LibraryBook {
  id: string
  title: string
  genre: string
  year?: number
}

export function createLibrary(): { books: LibraryBook[] } {
  return {
    books: [
      { id: 'b1', title: 'Dune', genre: 'FICTION', year: 1965 },
      { id: 'b2', title: 'SPQR', genre: 'HISTORY', year: 2015 },
    ],
  }
}

/** Ticks 1…count, 20 ms apart. */
export async function* ticks(count: number): AsyncGenerator<number> {
  for (let i = 1; i <= count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    yield i
  }
}
