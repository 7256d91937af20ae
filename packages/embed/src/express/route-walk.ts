/**
 * The routes of an Express 4 or 5 app, read from its router stack: nested routers under their mount paths,
 * `app.route()` chains, path parameters. Express 5 (router 2) keeps each layer's path as written; Express 4 keeps
 * only the compiled regular expression of a mount, which is read back into a path.
 */

export interface ExpressRoute {
  /** Upper-case verb. */
  method: string
  /** Full path in Express syntax (`/api/users/:id`). */
  path: string
  /** Mount path of the innermost router (`/api`), '' at the app's root. */
  group: string
}

interface Layer {
  route?: { path?: unknown; methods?: Record<string, boolean> }
  handle?: unknown
  regexp?: RegExp
  keys?: Array<{ name: string | number }>
  rawPath?: unknown
}

/** What the walk reads of an app: Express 4's `_router` or Express 5's `router`. */
export interface ExpressAppLike {
  _router?: { stack?: unknown }
  router?: { stack?: unknown }
}

function stackOf(value: unknown): Layer[] | undefined {
  if (typeof value !== 'object' && typeof value !== 'function') return undefined
  const stack = (value as { stack?: unknown } | null)?.stack
  return Array.isArray(stack) ? (stack as Layer[]) : undefined
}

/** Express 4's mount regexp (`/^\/api\/?(?=\/|$)/i`, params as `(?:([^\/]+?))`) back into `/api`, `/users/:id`. */
function pathOfRegexp(regexp: RegExp, keys: Layer['keys']): string | undefined {
  let source = regexp.source
  if (source === '^\\/?(?=\\/|$)' || source === '^\\/?$') return ''
  source = source
    .replace(/^\^/, '')
    .replace(/\\\/\?\(\?=\\\/\|\$\)$/, '')
    .replace(/\\\/\?\$$/, '')
  let index = 0
  source = source.replace(/\(\?:\(\[\^\\\/\]\+\?\)\)/g, () => `:${String(keys?.[index++]?.name ?? index)}`)
  const path = source.replace(/\\(.)/g, '$1')
  return /[()[\]*+?^$|]/.test(path) ? undefined : path
}

function mountPathOf(layer: Layer): string | undefined {
  if (typeof layer.rawPath === 'string') return layer.rawPath === '/' ? '' : layer.rawPath.replace(/\/$/, '')
  return layer.regexp ? pathOfRegexp(layer.regexp, layer.keys) : undefined
}

/** Express 4 keeps its router in `_router` (its `router` getter throws); Express 5 in `router`. */
function stack(app: ExpressAppLike): Layer[] | undefined {
  if (app._router !== undefined) return stackOf(app._router)
  try {
    return stackOf(app.router)
  } catch {
    return undefined
  }
}

export function walkExpressApp(app: ExpressAppLike, skip: (handle: unknown) => boolean): ExpressRoute[] {
  const routes: ExpressRoute[] = []
  const visit = (stack: Layer[], prefix: string, group: string, depth: number): void => {
    if (depth > 16) return
    for (const layer of stack) {
      if (skip(layer.handle)) continue
      const route = layer.route
      if (route) {
        const paths = Array.isArray(route.path) ? (route.path as unknown[]) : [route.path]
        for (const path of paths) {
          if (typeof path !== 'string') continue
          for (const [method, isOn] of Object.entries(route.methods ?? {})) {
            if (isOn && method !== '_all')
              routes.push({ method: method.toUpperCase(), path: `${prefix}${path}`, group })
          }
        }
        continue
      }
      const nested = stackOf(layer.handle)
      if (!nested) continue
      const mount = mountPathOf(layer)
      // A router mounted on a pattern the walk cannot read back is left out rather than listed under a wrong path.
      if (mount === undefined) continue
      visit(nested, `${prefix}${mount}`, mount === '' ? group : `${prefix}${mount}`, depth + 1)
    }
  }
  if (stack(app)) visit(stack(app) ?? [], '', '', 0)
  return routes
}

/** `/users/:id` → `/users/{id}`; Express 5's `*name` wildcards too. */
export function expressPathToOpenApi(path: string): string {
  return path.replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}')
}
