/** Turns the catalog into the flat row list the virtualized sidebar renders, applying search and collapsed groups. */
import type { ServiceInfo } from '@wirebench/core'
import type { Catalog, MethodRef } from '../../state/catalog.js'
import { methodKey } from '../../state/catalog.js'
import { protocolUi } from '../../protocols/registry.js'

export type SidebarRow =
  | { kind: 'origin'; id: string; origin: string; isUploaded: boolean; count: number; isCollapsed: boolean }
  | { kind: 'service'; id: string; service: ServiceInfo; count: number; isCollapsed: boolean }
  | {
      kind: 'method'
      id: string
      ref: MethodRef
      /** While searching: the method's summary, when a search term is found in it (the row shows it). */
      summaryHit?: string
    }

/** Everything a search can match for one method, lower-cased once: names, path, summary, and where it lives. */
function haystack(ref: MethodRef): string {
  const { method, service } = ref
  return [
    method.name,
    method.httpPath,
    method.httpMethod,
    method.summary,
    service.name,
    method.deprecated ? 'deprecated' : undefined,
    // The host (and the rest of the address) of the discovery URL and of the server calls go to.
    ref.origin,
    service.baseUrl,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
}

/** The summary of a method when one of the terms is in it. */
function summaryHit(ref: MethodRef, terms: readonly string[]): string | undefined {
  const summary = ref.method.summary
  if (!summary || terms.length === 0) return undefined
  const lower = summary.toLowerCase()
  return terms.some((term) => lower.includes(term)) ? summary : undefined
}

/** The search terms of a query: lower-cased words. */
export function searchTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean)
}

const haystacks = new WeakMap<MethodRef, string>()

export function matchesQuery(ref: MethodRef, terms: readonly string[]): boolean {
  if (terms.length === 0) return true
  let text = haystacks.get(ref)
  if (text === undefined) {
    text = haystack(ref)
    haystacks.set(ref, text)
  }
  return terms.every((term) => text.includes(term))
}

/**
 * How well a method's name answers a search, lower is better: the exact name, then a name starting with the query,
 * then a name containing it, then a match elsewhere (path, summary, host). Enter opens the best one, so a word that
 * is an operation's name must not lose to an operation whose summary or path happens to mention it.
 */
export function searchRank(ref: MethodRef, terms: readonly string[]): number {
  const query = terms.join(' ')
  const name = ref.method.name.toLowerCase()
  if (name === query) return 0
  if (name.startsWith(query)) return 1
  if (name.includes(query)) return 2
  return 3
}

type Ranked<T> = { rank: number; item: T }

/** Best first; equal ranks keep the catalog's order (sort is stable). */
function byRank<T>(entries: Ranked<T>[]): T[] {
  return entries.sort((a, b) => a.rank - b.rank).map((entry) => entry.item)
}

const bestRank = (entries: readonly { rank: number }[]): number => Math.min(...entries.map((entry) => entry.rank))

export function buildSidebarRows(catalog: Catalog, query: string, collapsed: ReadonlySet<string>): SidebarRow[] {
  const terms = searchTerms(query)
  const isSearching = terms.length > 0
  const groups: Ranked<SidebarRow[]>[] = []
  for (const group of catalog.groups) {
    const originId = `origin:${group.origin}`
    const services: Ranked<SidebarRow[]>[] = []
    let groupCount = 0
    for (const service of group.services) {
      const serviceId = `service:${group.origin}:${service.protocol}:${service.name}`
      const methods: Ranked<SidebarRow>[] = []
      for (const method of service.methods) {
        const ref = catalog.byKey.get(methodKey(service, method, group.origin))
        if (!ref || !matchesQuery(ref, terms)) continue
        const hit = summaryHit(ref, terms)
        methods.push({
          rank: isSearching ? searchRank(ref, terms) : 0,
          item:
            hit === undefined
              ? { kind: 'method', id: ref.key, ref }
              : { kind: 'method', id: ref.key, ref, summaryHit: hit },
        })
      }
      if (methods.length === 0 && isSearching) continue
      groupCount += methods.length
      const isCollapsed = !isSearching && collapsed.has(serviceId)
      const header: SidebarRow = { kind: 'service', id: serviceId, service, count: methods.length, isCollapsed }
      const rank = methods.length > 0 ? bestRank(methods) : 0
      services.push({ rank, item: isCollapsed ? [header] : [header, ...byRank(methods)] })
    }
    if (services.length === 0 && isSearching) continue
    const isCollapsed = !isSearching && collapsed.has(originId)
    const header: SidebarRow = {
      kind: 'origin',
      id: originId,
      origin: group.origin,
      isUploaded: group.isUploaded,
      count: groupCount,
      isCollapsed,
    }
    const rank = services.length > 0 ? bestRank(services) : 0
    groups.push({ rank, item: isCollapsed ? [header] : [header, ...byRank(services).flat()] })
  }
  return byRank(groups).flat()
}

export function methodRowLabel(ref: MethodRef): string {
  return protocolUi(ref.service.protocol).label(ref.method, ref.service)
}

/**
 * Splits a path-like label so the sidebar can shorten its middle: the last segment (two when the last is a
 * `{parameter}`) stays visible, since that is what tells `/v1/customers/{customer}/sources` from `…/tax_ids`.
 */
export function splitLabelTail(label: string): { head: string; tail: string } {
  const cut = label.lastIndexOf('/')
  if (cut <= 0 || label.length < 24) return { head: label, tail: '' }
  const before = label.lastIndexOf('/', cut - 1)
  const lastSegment = label.slice(cut + 1)
  const start = lastSegment.startsWith('{') && before > 0 ? before : cut
  return { head: label.slice(0, start), tail: label.slice(start) }
}
