/** Body parsers beyond Fastify's JSON and text: URL-encoded forms, and raw bytes for every other media type. */
import type { FastifyInstance } from 'fastify'
import { appendValue } from './multipart-body.js'

export function addBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, text, done) => {
    const fields: Record<string, string | string[]> = {}
    for (const [key, value] of new URLSearchParams(String(text))) appendValue(fields, key, value)
    done(null, fields)
  })
  // Unknown media types arrive as a Buffer: the echo routes report them as base64, and documented operations
  // answer 415 because their validator finds no schema for the media type.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, bytes, done) => done(null, bytes))
}
