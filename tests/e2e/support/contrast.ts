/**
 * WCAG 2.x contrast of the text a page really renders, measured in the browser: every visible text node's computed
 * colour against the backgrounds its ancestors paint (semi-transparent layers and CSS `opacity` groups composited),
 * and every empty input's placeholder. Colours are read through a canvas, so `light-dark()`, `color-mix()` and any other syntax resolve to the
 * sRGB pixels the user sees.
 */
import type { Page } from 'playwright-core'

export interface ContrastFailure {
  /** A CSS path to the element (tag.class…). */
  where: string
  text: string
  ratio: number
  needed: number
  color: string
  background: string
}

/** Text below 4.5:1 (3:1 for large text: 24 px, or 18.66 px bold), within `root` (default: the whole page). */
export async function contrastFailures(page: Page, root = 'body'): Promise<ContrastFailure[]> {
  return page.evaluate((rootSelector) => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const context = canvas.getContext('2d', { willReadFrequently: true })!
    type Rgba = [number, number, number, number]
    const toRgba = (css: string): Rgba => {
      context.clearRect(0, 0, 1, 1)
      context.fillStyle = '#000'
      context.fillStyle = css
      context.fillRect(0, 0, 1, 1)
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data
      return [r!, g!, b!, a! / 255]
    }
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3] + below[3] * (1 - top[3])
      if (a === 0) return [0, 0, 0, 0]
      const mix = (i: 0 | 1 | 2) => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / a
      return [mix(0), mix(1), mix(2), a]
    }
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (v: number) => {
        const s = v / 255
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    const ratioOf = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
      return (hi + 0.05) / (lo + 0.05)
    }
    /**
     * An element with `opacity` below 1 paints its subtree as a group (backgrounds and text inside it together) and
     * blends that group over what is behind it at its opacity: text in `.send-shortcut { opacity: 0.7 }` is 70 % text
     * and 30 % of the button under it. Returns the colours the user sees for `css` painted in `element`, and behind it.
     */
    const seenColours = (element: Element, css: string): { color: Rgba; background: Rgba } => {
      const chain: Element[] = []
      for (let e: Element | null = element; e; e = e.parentElement) chain.unshift(e)
      const groups: Array<{ opacity: number; layer: Rgba }> = [{ opacity: 1, layer: [0, 0, 0, 0] }]
      for (const e of chain) {
        const style = getComputedStyle(e)
        const opacity = Number(style.opacity)
        if (opacity < 1) groups.push({ opacity, layer: [0, 0, 0, 0] })
        const group = groups[groups.length - 1]!
        group.layer = over(toRgba(style.backgroundColor), group.layer)
      }
      const flatten = (innermost: Rgba): Rgba => {
        let content = innermost
        for (let i = groups.length - 1; i >= 1; i--) {
          content = [content[0], content[1], content[2], content[3] * groups[i]!.opacity]
          content = over(content, groups[i - 1]!.layer)
        }
        return over(content, [255, 255, 255, 1])
      }
      const innermost = groups[groups.length - 1]!.layer
      return { color: flatten(over(toRgba(css), innermost)), background: flatten(innermost) }
    }
    const where = (element: Element) => {
      const parts: string[] = []
      for (let e: Element | null = element; e && parts.length < 4; e = e.parentElement) {
        const classes = [...e.classList].slice(0, 2).join('.')
        parts.unshift(classes ? `${e.tagName.toLowerCase()}.${classes}` : e.tagName.toLowerCase())
      }
      return parts.join(' > ')
    }
    const isShown = (element: Element) => {
      const rect = element.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0) return false
      if (rect.bottom < 0 || rect.top > innerHeight || rect.right < 0 || rect.left > innerWidth) return false
      for (let e: Element | null = element; e; e = e.parentElement) {
        const style = getComputedStyle(e)
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false
      }
      // WCAG exempts inactive controls.
      return !element.closest(':disabled, [aria-disabled="true"], [inert]')
    }
    const check = (element: Element, css: string, text: string, failures: ContrastFailure[]) => {
      const style = getComputedStyle(element)
      const size = Number.parseFloat(style.fontSize)
      const isLarge = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
      const needed = isLarge ? 3 : 4.5
      const { color, background } = seenColours(element, css)
      const ratio = ratioOf(color, background)
      if (ratio < needed) {
        failures.push({
          where: where(element),
          text: text.slice(0, 40),
          ratio: Math.round(ratio * 100) / 100,
          needed,
          color: css,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(', ')})`,
        })
      }
    }
    const failures: ContrastFailure[] = []
    const root = document.querySelector(rootSelector) ?? document.body
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    const seen = new Set<Element>()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? ''
      const element = node.parentElement
      if (!text || !element || seen.has(element) || !isShown(element)) continue
      seen.add(element)
      check(element, getComputedStyle(element).color, text, failures)
    }
    for (const input of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      if (input.value !== '' || !input.placeholder || !isShown(input)) continue
      check(input, getComputedStyle(input, '::placeholder').color, `placeholder: ${input.placeholder}`, failures)
    }
    return failures
  }, root)
}
