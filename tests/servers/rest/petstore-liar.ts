/**
 * A loopback server serving the @readme/oas-examples 3.1 petstore (its servers pointed at itself) and answering some
 * operations with bodies that match the document and others that break it: what response validation is tested on.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export interface PetstoreLiar {
  server: Server
  origin: string
  docUrl: string
  close(): Promise<void>
}

const zoo = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'))

export const pet = (id: number): Record<string, unknown> => ({
  id,
  name: `pet ${id}`,
  photoUrls: [],
  status: 'available',
  tags: [{ id: 1, name: 't' }],
})

/** About 2 MB of pets (for `findPetsByStatus`), one of them (#9000) with a status the enum does not allow. */
export const manyPets = Array.from({ length: 15_000 }, (_, i) => (i === 9000 ? { ...pet(i), status: 'lost' } : pet(i)))

/**
 * `getPetById` 1: a valid pet; 2: four violations (`/id`, `/name`, `/photoUrls`, `/status`); 3: text/html, a media type
 * the document does not declare; 5: a 404 with a JSON body, where the document's 404 declares no content. `getInventory`:
 * one value that is no integer. `findPetsByStatus`: `manyPets`.
 */
export function startPetstoreLiar(): Promise<PetstoreLiar> {
  const doc = JSON.parse(readFileSync(join(zoo, '3.1/json/petstore.json'), 'utf8')) as Record<string, unknown>
  const notFound: Record<string, string> = { '/pet/5': JSON.stringify({ message: 'Pet 5 was adopted' }) }
  const answers: Record<string, [string, string]> = {
    '/pet/1': ['application/json', JSON.stringify(pet(1))],
    '/pet/2': ['application/json', JSON.stringify({ id: 'two', name: 2, photoUrls: 'none', status: 'lost' })],
    '/pet/3': ['text/html', '<p>pet 3</p>'],
    '/store/inventory': ['application/json', JSON.stringify({ sold: 3, lost: 'many' })],
    '/pet/findByStatus': ['application/json', JSON.stringify(manyPets)],
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://liar').pathname
    const { port } = server.address() as { port: number }
    if (path === '/openapi.json') {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ ...doc, servers: [{ url: `http://127.0.0.1:${port}` }] }))
      return
    }
    const answer = answers[path]
    res.statusCode = answer ? 200 : 404
    if (answer) res.setHeader('content-type', answer[0])
    const missing = notFound[path]
    if (missing !== undefined) res.setHeader('content-type', 'application/json')
    res.end(answer?.[1] ?? missing)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      const origin = `http://127.0.0.1:${port}`
      resolve({
        server,
        origin,
        docUrl: `${origin}/openapi.json`,
        close: () => {
          server.closeAllConnections()
          return new Promise((done) => server.close(() => done()))
        },
      })
    }),
  )
}
