/**
 * Many specs (Stripe, GitHub, Azure) write descriptions with a few HTML formatting tags instead of Markdown. Those
 * tags are rewritten into the Markdown subset or dropped, so readers see "Creates a customer." rather than
 * "<p>Creates a customer.</p>". Nothing becomes HTML: the result is parsed like any other Markdown and rendered as
 * text. Tags outside this list (img, script, iframe…) are left as visible text.
 */

const FORMATTING_TAGS = 'p|br|div|span|code|tt|pre|strong|b|em|i|u|ul|ol|li|a|h[1-6]|small|sup|sub|blockquote'
// Linear on hostile text: attributes stop at the next `<`, and a link's text at the next `<a` or `</a`, so no start
// rescans the rest of a description that opens many links and closes none.
const LINK = /<a\s[^<>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)')[^<>]*>((?:(?!<\/?a[\s>])[\s\S])*?)<\/a\s*>/gi
const ANY_FORMATTING_TAG = new RegExp(`</?(?:${FORMATTING_TAGS})(?:\\s[^<>]*)?/?>`, 'gi')

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" }

export function hasHtmlFormatting(source: string): boolean {
  ANY_FORMATTING_TAG.lastIndex = 0
  return ANY_FORMATTING_TAG.test(source)
}

export function htmlFormattingToMarkdown(source: string): string {
  if (!hasHtmlFormatting(source)) return source
  return source
    .replace(LINK, (_, double: string | undefined, single: string | undefined, text: string) => {
      const href = (double ?? single ?? '').trim()
      // Only targets the Markdown link rule would keep; the rest stay as their text.
      if (!/^(?:https?:|mailto:)/i.test(href)) return text
      return `[${text}](${href.replace(/[()\s]/g, encodeURIComponent)})`
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(?:p|div|pre|blockquote|h[1-6]|ul|ol)(?:\s[^<>]*)?>/gi, '\n\n')
    .replace(/<li(?:\s[^<>]*)?>/gi, '\n- ')
    .replace(/<\/?(?:code|tt)(?:\s[^<>]*)?>/gi, '`')
    .replace(/<\/?(?:strong|b)(?:\s[^<>]*)?>/gi, '**')
    .replace(/<\/?(?:em|i)(?:\s[^<>]*)?>/gi, '*')
    .replace(ANY_FORMATTING_TAG, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
