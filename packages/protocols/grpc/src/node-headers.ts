/**
 * A light `Headers` for the gRPC call path: response headers and trailers as Node's HTTP/2 client hands them over,
 * and a call's request metadata. The fetch `Headers` class validates every name and value on `append` and sorts and
 * combines its list on every read; a unary call reads its headers a handful of times, so that class cost more than
 * the reads. Node has already lowercased and checked incoming names and values (the metadata is checked before it
 * gets here); pseudo-headers (`:status`) are left out. Iteration is in name order, as the fetch class iterates.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http2'

export class NodeHeaders implements Headers {
  readonly #record = new Map<string, string[]>()

  constructor(incoming?: IncomingHttpHeaders) {
    if (incoming !== undefined) this.merge(incoming)
  }

  /** Adds a block of headers as Node hands it over (the response's, then the trailers after it). */
  merge(incoming: IncomingHttpHeaders): this {
    for (const name in incoming) {
      if (name.charCodeAt(0) === 0x3a) continue
      const value = incoming[name]
      // Node has lower-cased the names already.
      if (typeof value === 'string') this.#add(name, value)
      else if (Array.isArray(value)) for (const item of value) this.#add(name, item)
    }
    return this
  }

  append(name: string, value: string): void {
    this.#add(name.toLowerCase(), value)
  }

  #add(key: string, value: string): void {
    const values = this.#record.get(key)
    if (values) values.push(value)
    else this.#record.set(key, [value])
  }

  set(name: string, value: string): void {
    this.#record.set(name.toLowerCase(), [value])
  }

  delete(name: string): void {
    this.#record.delete(name.toLowerCase())
  }

  get(name: string): string | null {
    const values = this.#record.get(name.toLowerCase())
    return values === undefined ? null : values.join(', ')
  }

  has(name: string): boolean {
    return this.#record.has(name.toLowerCase())
  }

  /** Each name with its values combined, in name order (the record a call result shows). */
  toRecord(): Record<string, string> {
    const out: Record<string, string> = {}
    for (const key of [...this.#record.keys()].sort()) out[key] = (this.#record.get(key) as string[]).join(', ')
    return out
  }

  /** Writes each name with its values combined into Node's outgoing header object. */
  assignTo(out: OutgoingHttpHeaders): void {
    for (const [key, values] of this.#record) out[key] = values.length === 1 ? values[0] : values.join(', ')
  }

  getSetCookie(): string[] {
    return [...(this.#record.get('set-cookie') ?? [])]
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this)
  }

  /** In name order, values of one name combined, as the fetch `Headers` iterates (each cookie its own entry). */
  entries(): ReturnType<Headers['entries']> {
    const list: [string, string][] = []
    for (const key of [...this.#record.keys()].sort()) {
      const values = this.#record.get(key) as string[]
      if (key === 'set-cookie') for (const value of values) list.push([key, value])
      else list.push([key, values.join(', ')])
    }
    return list[Symbol.iterator]()
  }

  keys(): ReturnType<Headers['keys']> {
    return Array.from(this.entries(), ([key]) => key)[Symbol.iterator]()
  }

  values(): ReturnType<Headers['values']> {
    return Array.from(this.entries(), ([, value]) => value)[Symbol.iterator]()
  }

  [Symbol.iterator](): ReturnType<Headers['entries']> {
    return this.entries()
  }
}
