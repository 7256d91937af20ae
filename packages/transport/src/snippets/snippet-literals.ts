/**
 * Corrections to how httpsnippet writes values into source text, so a snippet sends the bytes the workbench sends:
 * its fetch target puts the body in a single-quoted string without escaping backslashes (stringify-object), its
 * Python requests target writes strings without escaping backslashes or line breaks, and its shell targets leave an
 * argument of shell-safe characters unquoted — where a `${name}` reference restored later would be expanded by the
 * shell. Each correction swaps the affected text for salted words before httpsnippet runs and writes them back after.
 */
import type { HarRequest } from './har.js'

/** A word httpsnippet passes through untouched (letters and digits only). */
function saltedWord(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10)}`
}

/** A single-quoted JavaScript string literal that evaluates to `text`. */
export function javascriptStringLiteral(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `'${escaped}'`
}

/**
 * fetch: the body goes to httpsnippet as one word (a text body, since the word is no JSON), and comes back as a literal
 * of the exact text — httpsnippet would otherwise re-serialise a JSON body and lose its backslashes. Backslashes in
 * header values travel as a word too, and the URL, which httpsnippet quotes without escaping (an apostrophe in the
 * query ended the string), is written as a literal again.
 */
export function protectJavascriptLiterals(har: HarRequest): (snippet: string) => string {
  const backslash = saltedWord('wbbs')
  har.headers = har.headers.map((header) => ({ ...header, value: header.value.split('\\').join(backslash) }))
  const text = har.postData?.text
  const body = saltedWord('wbbody')
  if (har.postData !== undefined && text !== undefined) {
    har.postData = { ...har.postData, mimeType: 'text/plain', text: body }
  }
  return (snippet) => {
    let out = text === undefined ? snippet : snippet.split(`'${body}'`).join(javascriptStringLiteral(text))
    out = out.replace(/^const url = '(.*)';$/m, (_line, url: string) => `const url = ${javascriptStringLiteral(url)};`)
    return out.split(backslash).join('\\\\')
  }
}

/** Characters a Python `"…"` literal cannot hold as they are, with the escape that writes each. */
function pythonEscape(char: string): string {
  switch (char) {
    case '\\':
      return '\\\\'
    case '"':
      return '\\"'
    case '\n':
      return '\\n'
    case '\r':
      return '\\r'
    case '\t':
      return '\\t'
    default:
      return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`
  }
}

// A Python literal cannot hold a raw line break, and a backslash or quote would end or change it.
// eslint-disable-next-line no-control-regex -- the control characters are exactly what is matched
const pythonUnsafe = /[\\"\u0000-\u001f]/g

/**
 * Python requests: every string (and key) of a JSON body, and every form part's name and text value, has the
 * characters a Python literal must escape swapped for words, which become the escapes once httpsnippet has written
 * its dictionary literal.
 */
export function protectPythonStrings(har: HarRequest): (snippet: string) => string {
  const postData = har.postData
  const isJson = postData?.text !== undefined && /json/i.test(postData.mimeType)
  if (postData === undefined || (!isJson && postData.params === undefined)) return (snippet) => snippet
  let value: unknown
  try {
    value = isJson ? JSON.parse(postData.text ?? '') : undefined
  } catch {
    return (snippet) => snippet
  }
  const salt = saltedWord('X')
  const words = new Map<string, string>()
  const wordOf = (char: string): string => {
    let word = words.get(char)
    if (word === undefined) words.set(char, (word = `WBPY${char.charCodeAt(0)}${salt}`))
    return word
  }
  const swap = (text: string) => text.replace(pythonUnsafe, wordOf)
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return swap(item)
    if (Array.isArray(item)) return item.map(walk)
    if (item !== null && typeof item === 'object') {
      const out: Record<string, unknown> = {}
      for (const [key, child] of Object.entries(item)) {
        Object.defineProperty(out, swap(key), { value: walk(child), enumerable: true, writable: true })
      }
      return out
    }
    return item
  }
  if (isJson) har.postData = { ...postData, text: JSON.stringify(walk(value)) }
  else {
    // Form parts: httpsnippet writes their names and text values as dictionary literals too.
    const params = postData.params?.map((param) => {
      const out = { ...param, name: swap(param.name) }
      if (param.value !== undefined) out.value = swap(param.value)
      return out
    })
    if (params) har.postData = { ...postData, params }
  }
  return (snippet) => {
    let out = snippet
    for (const [char, word] of words) out = out.split(word).join(pythonEscape(char))
    return out
  }
}

/**
 * A reference that holds the start of the address (`${baseUrl}` = `http://localhost:8080/api`) leaves no URL for
 * httpsnippet to parse: the placeholder stands in for a host under `http://` while it writes, and is put back after.
 */
export function protectUrlPlaceholder(
  har: HarRequest,
  hasPlaceholder: (text: string) => boolean,
): (snippet: string) => string {
  if (URL.canParse(har.url)) return (snippet) => snippet
  const word = /^[a-z0-9]+/.exec(har.url)?.[0]
  if (word === undefined || !hasPlaceholder(word)) return (snippet) => snippet
  har.url = `http://${har.url}`
  return (snippet) => snippet.split(`http://${word}`).join(word)
}

/** What httpsnippet's shell `quote` leaves unquoted. */
const shellSafe = /^[a-z0-9-_/.@%^=:]+$/i

/**
 * Shell snippets: an argument holding a reference placeholder that httpsnippet left unquoted (all its characters are
 * shell-safe) is put in single quotes, so the `${name}` written there later reaches the tool as written instead of
 * being expanded by the shell. Quoted strings and backslash escapes are read as the shell reads them.
 */
export function quoteShellPlaceholders(snippet: string, hasPlaceholder: (text: string) => boolean): string {
  return snippet.replace(/\\[\s\S]|'[^']*'|[^\s'\\]+/g, (part) =>
    shellSafe.test(part) && hasPlaceholder(part) ? `'${part}'` : part,
  )
}
