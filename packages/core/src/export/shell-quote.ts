/** POSIX shell quoting for snippets: single quotes, which keep `${name}` references and every other byte literal. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value
  return `'${value.replace(/'/g, `'\\''`)}'`
}
