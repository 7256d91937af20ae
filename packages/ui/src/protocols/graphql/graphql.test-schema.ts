/** A small library schema with every shape the picker handles: nesting, arguments, an interface, a union, a cycle. */
import { buildSchema, type GraphQLSchema } from 'graphql'

export const librarySdl = /* GraphQL */ `
  interface Node {
    id: ID!
  }
  enum Genre {
    FICTION
    SCIENCE
  }
  type Author implements Node {
    id: ID!
    name: String!
    books(first: Int): [Book!]!
  }
  type Book implements Node {
    id: ID!
    title: String!
    genre: Genre
    author: Author!
    review(id: ID!): Review
  }
  type Review {
    stars: Int!
    text: String
  }
  type Magazine {
    issue: Int!
  }
  union SearchResult = Book | Magazine
  type Query {
    books(genre: Genre, limit: Int = 10): [Book!]!
    book(id: ID!): Book
    node(id: ID!): Node
    search(text: String!): [SearchResult!]!
    hello: String
  }
  type Mutation {
    addBook(title: String!, authorId: ID!): Book!
  }
  type Subscription {
    bookAdded: Book!
  }
`

export function librarySchema(): GraphQLSchema {
  return buildSchema(librarySdl)
}
