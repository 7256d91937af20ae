/** Schemas of the catalogue: books, editions, authors and the recursive category tree. */
import type { SchemaObject } from './types.js'
import { ref } from './types.js'

const bookFields: Record<string, SchemaObject> = {
  title: { type: 'string', minLength: 1, maxLength: 200, examples: ['The Lighthouse Ledger'] },
  subtitle: { type: ['string', 'null'], maxLength: 200 },
  isbn: {
    type: 'string',
    description: 'ISBN-13 without hyphens.',
    pattern: '^97[89][0-9]{10}$',
    examples: ['9780000000017'],
  },
  authorIds: {
    type: 'array',
    minItems: 1,
    uniqueItems: true,
    items: { type: 'string', pattern: '^au_[0-9]+$' },
    examples: [['au_1']],
  },
  genre: ref('schemas', 'Genre'),
  tags: { type: 'array', items: { type: 'string', minLength: 1 }, examples: [['classic', 'sea']] },
  price: ref('schemas', 'Money'),
  publishedAt: { type: 'string', format: 'date-time', examples: ['2019-04-01T00:00:00Z'] },
  stock: { type: 'integer', minimum: 0, default: 0 },
  dimensions: ref('schemas', 'Dimensions'),
  editions: { type: 'array', description: 'Every format the book is sold in.', items: ref('schemas', 'Edition') },
  categoryId: { type: ['string', 'null'], description: 'Leaf or branch of the category tree.', examples: ['cat_3'] },
}

const authorFields: Record<string, SchemaObject> = {
  name: { type: 'string', minLength: 1, examples: ['Mira Okafor'] },
  bio: { type: 'string', maxLength: 2000 },
  born: { type: 'string', format: 'date', examples: ['1971-03-09'] },
  nationality: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2.' },
  links: { type: 'array', items: ref('schemas', 'SocialLink') },
}

export const catalogSchemas: Record<string, SchemaObject> = {
  Dimensions: {
    type: 'object',
    properties: {
      widthMm: { type: 'integer', minimum: 1 },
      heightMm: { type: 'integer', minimum: 1 },
      pages: { type: 'integer', minimum: 1, maximum: 5000 },
    },
  },
  Edition: {
    type: 'object',
    required: ['format', 'price'],
    properties: {
      format: ref('schemas', 'EditionFormat'),
      isbn: { type: 'string', pattern: '^97[89][0-9]{10}$' },
      price: ref('schemas', 'Money'),
    },
  },
  BookInput: {
    type: 'object',
    description: 'A new book. Author and category ids must exist.',
    required: ['title', 'authorIds', 'genre', 'price'],
    additionalProperties: false,
    properties: bookFields,
  },
  BookPatch: {
    type: 'object',
    description: 'Fields to change; absent fields stay as they are.',
    minProperties: 1,
    additionalProperties: false,
    properties: bookFields,
  },
  Book: {
    type: 'object',
    required: ['id', 'title', 'authorIds', 'genre', 'tags', 'price', 'stock', 'editions', 'rating', 'createdAt'],
    properties: {
      id: { type: 'integer', readOnly: true, examples: [1] },
      ...bookFields,
      rating: {
        type: ['number', 'null'],
        minimum: 1,
        maximum: 5,
        description: 'Mean review rating; null until reviewed.',
      },
      createdAt: { type: 'string', format: 'date-time', readOnly: true },
    },
  },
  BookPage: {
    type: 'object',
    required: ['items', 'total', 'limit', 'offset'],
    properties: {
      items: { type: 'array', items: ref('schemas', 'Book') },
      total: { type: 'integer', description: 'Matches before paging.' },
      limit: { type: 'integer' },
      offset: { type: 'integer' },
    },
  },
  SocialLink: {
    type: 'object',
    required: ['network', 'handle'],
    properties: {
      network: { type: 'string', enum: ['mastodon', 'bluesky', 'github', 'website'] },
      handle: { type: 'string', minLength: 1 },
    },
  },
  AuthorProfile: {
    type: 'object',
    required: ['name'],
    properties: authorFields,
  },
  AuthorInput: {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: authorFields,
  },
  Author: {
    description: 'An author profile plus the fields the shop derives.',
    allOf: [
      ref('schemas', 'AuthorProfile'),
      {
        type: 'object',
        required: ['id', 'bookCount'],
        properties: { id: { type: 'string', readOnly: true }, bookCount: { type: 'integer', readOnly: true } },
      },
    ],
  },
  Category: {
    type: 'object',
    description: 'A node of the category tree; children are categories again, to any depth.',
    required: ['id', 'name', 'children'],
    properties: {
      id: { type: 'string', examples: ['cat_1'] },
      name: { type: 'string' },
      description: { type: 'string' },
      children: { type: 'array', items: ref('schemas', 'Category') },
    },
  },
  CategoryInput: {
    type: 'object',
    description: 'A subtree to graft onto the tree; recursive, like Category.',
    required: ['name'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1 },
      description: { type: 'string' },
      children: { type: 'array', items: ref('schemas', 'CategoryInput') },
    },
  },
}
