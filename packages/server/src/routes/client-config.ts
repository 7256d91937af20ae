/** Renders the ClientConfig into the UI's index.html so the page knows its prefix, mode and URL lock before it runs. */
import type { ClientConfig } from '@wirebench/core'

export const CONFIG_PLACEHOLDER = '<!--wirebench-config-->'

/** JSON safe inside a <script> element: no `<` (so no `</script>` or `<!--`), and no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export function injectClientConfig(html: string, config: ClientConfig): string {
  const tag = `<script type="application/json" id="wirebench-config">${scriptSafeJson(config)}</script>`
  // A replacer function: a string replacement would interpret `$&`-style patterns inside the config.
  if (html.includes(CONFIG_PLACEHOLDER)) return html.replace(CONFIG_PLACEHOLDER, () => tag)
  return html.replace(/<\/head>/i, () => `${tag}</head>`)
}
