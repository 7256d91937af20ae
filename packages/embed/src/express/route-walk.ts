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
  /** `app.set()` values; `trust proxy fn` is Express's compiled `trust proxy` setting. */
  settings?: Record<string, unknown>
}

function stackOf(value: unknown): Layer[] | undefined {
  if (typeof value !== 'object' && typeof value !== 'function') return undefined
  const stack = (value as { stack?: unknown } | null)?.stack
  return Array.isArray(stack) ? (stack as Layer[]) : undefined
}

/**
 * A parameter group of an Express 4 mount regexp: `(?:\/([^/]+?))` (path-to-regexp 0.1.12, Express 4.22), the older
 * `(?:([^\/]+?))` after a literal slash, a constraint in place of the default pattern (`(\d+)`), `?` when optional.
 */
const parameterGroup = /\(\?:(\\\/)?\((?:\\.|[^()\\])*\)\)\??/g

/** Express 4's mount regexp (`/^\/api\/?(?=\/|$)/i`, parameters as groups) back into `/api`, `/users/:id`. */
export function pathOfRegexp(regexp: RegExp, keys: Layer['keys']): string | undefined {
  let source = regexp.source
  if (source === '^\\/?(?=\\/|$)' || source === '^\\/?$') return ''
  source = source
    .replace(/^\^/, '')
    .replace(/\\\/\?\(\?=\\\/\|\$\)$/, '')
    .replace(/\\\/\?\$$/, '')
  let index = 0
  source = source.replace(parameterGroup, (_group, slash: string | undefined) => {
    const name = String(keys?.[index]?.name ?? index)
    index++
    return `${slash === undefined ? '' : '\\/'}:${name}`
  })
  const path = source.replace(/\\(.)/g, '$1')
  return /[()[\]*+?^$|]/.test(path) ? undefined : path
}

function mountPathOf(layer: Layer): string | undefined {
  if (typeof layer.rawPath === 'string') return layer.rawPath === '/' ? '' : layer.rawPath.replace(/\/$/, '')
  return layer.regexp ? pathOfRegexp(layer.regexp, layer.keys) : undefined
}

const everyVerbMarker = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace']
/** What a user calls an `app.all()` route with; HEAD, OPTIONS, TRACE and WebDAV verbs would only crowd the sidebar. */
const allRouteVerbs = ['get', 'post', 'put', 'patch', 'delete']

/** The verbs a route is listed with: as declared, or the common five for `app.all()` (which declares all 35). */
export function verbsOf(methods: Record<string, boolean>): string[] {
  const on = Object.keys(methods).filter((method) => methods[method] === true)
  if (on.includes('_all') || everyVerbMarker.every((method) => on.includes(method))) return allRouteVerbs
  return on
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
          for (const method of verbsOf(route.methods ?? {})) {
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

const nameChar = /[A-Za-z0-9_$]/

/** Reads a parameter name at `start` (`id`, Express 5's quoted `"user id"`); returns it and where it ends. */
function nameAt(path: string, start: number): { name: string; end: number } {
  if (path[start] === '"') {
    const close = path.indexOf('"', start + 1)
    const end = close === -1 ? path.length : close
    return { name: path.slice(start + 1, end), end: end + 1 }
  }
  let end = start
  while (end < path.length && nameChar.test(path[end] as string)) end++
  return { name: path.slice(start, end), end }
}

/** Skips an Express 4 constraint (`(\\d+)`) after a parameter name, nested parentheses and escapes honoured. */
function constraintEnd(path: string, start: number): number {
  if (path[start] !== '(') return start
  let depth = 0
  for (let i = start; i < path.length; i++) {
    const c = path[i]
    if (c === '\\') i++
    else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i + 1
  }
  return path.length
}

/**
 * An Express 4 or 5 route path in OpenAPI form: `/users/:id` → `/users/{id}`, constraints (`:id(\\d+)`) and
 * modifiers (`:maybe?`, `:rest*`) stripped, Express 5 optional groups (`/opt{/:maybe}`) opened, wildcards (`*rest`)
 * named, escapes (`\\(`) taken literally. SPEC.md: route constraints stripped.
 */
export function expressPathToOpenApi(path: string): string {
  let out = ''
  let i = 0
  while (i < path.length) {
    const c = path[i] as string
    if (c === '\\') {
      out += path[i + 1] ?? ''
      i += 2
    } else if (c === '{' || c === '}') {
      i++
    } else if (c === ':' || (c === '*' && (nameChar.test(path[i + 1] ?? '') || path[i + 1] === '"'))) {
      const { name, end } = nameAt(path, i + 1)
      i = constraintEnd(path, end)
      if (c === ':' && /[?*+]/.test(path[i] ?? '')) i++
      out += `{${name}}`
    } else if (c === '*') {
      out += '{*}'
      i++
    } else {
      out += c
      i++
    }
  }
  return out
}
