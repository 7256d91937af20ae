/**
 * The routes a Fastify instance already holds, by verb and path, read from `printRoutes()` (Fastify exposes no route
 * list): the fallback for routes registered before the workbench's `onRoute` hook existed. HEAD twins are dropped.
 * The radix tree is read (each line one segment, the path its ancestors' segments joined): the flat form,
 * `commonPrefix: false`, prints every wildcard as a bare `*` without its parent path and merges them into one line.
 */
import type { FastifyInstance } from 'fastify'

export interface PrintedRoute {
  method: string
  url: string
}

const line = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/

export function printedRoutes(app: Pick<FastifyInstance, 'printRoutes'>): PrintedRoute[] {
  return parsePrintedRoutes(app.printRoutes())
}

/** `printRoutes()`'s tree as routes. */
export function parsePrintedRoutes(tree: string): PrintedRoute[] {
  const routes: PrintedRoute[] = []
  const stack: string[] = []
  for (const text of tree.split('\n')) {
    const match = line.exec(text)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    stack.length = depth
    const url = `${stack.join('')}${match[2] ?? ''}`
    stack.push(match[2] ?? '')
    const methods = (match[3] ?? '').split(', ').filter((method) => method !== '')
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue
      routes.push({ method, url })
    }
  }
  return routes
}
