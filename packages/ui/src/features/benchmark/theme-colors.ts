/**
 * Theme colours for canvas charts: the theme's CSS variables hold `light-dark(…)` pairs a canvas cannot read, so each
 * is resolved through a probe element's computed `color` in the page's current scheme.
 */
import { useEffect, useState } from 'react'

export type ChartColorName = 'text' | 'muted' | 'grid' | 'accent' | 'ok' | 'warn' | 'danger' | 'info' | 'violet'

const variables: Record<ChartColorName, string> = {
  text: '--text',
  muted: '--text-muted',
  grid: '--border',
  accent: '--accent',
  ok: '--ok',
  warn: '--warn',
  danger: '--danger',
  info: '--info',
  violet: '--src-header',
}

export type ChartColors = Record<ChartColorName, string>

export function readChartColors(host: Element): ChartColors {
  const probe = document.createElement('span')
  probe.style.display = 'none'
  host.appendChild(probe)
  try {
    const entries = Object.entries(variables).map(([name, variable]) => {
      probe.style.color = `var(${variable})`
      return [name, getComputedStyle(probe).color]
    })
    return Object.fromEntries(entries) as ChartColors
  } finally {
    probe.remove()
  }
}

/** A number that changes whenever the theme does (the toggle's `data-theme`, or the system scheme). */
export function useThemeVersion(): number {
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const bump = (): void => setVersion((v) => v + 1)
    const observer = new MutationObserver(bump)
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style', 'class'] })
    const scheme = window.matchMedia('(prefers-color-scheme: dark)')
    scheme.addEventListener('change', bump)
    return () => {
      observer.disconnect()
      scheme.removeEventListener('change', bump)
    }
  }, [])
  return version
}

/** `rgb(r, g, b)` → `rgba(r, g, b, alpha)`, for fills under a line. */
export function withAlpha(color: string, alpha: number): string {
  const match = /rgba?\(([^)]+)\)/.exec(color)
  if (!match?.[1]) return color
  const [r, g, b] = match[1].split(',').map((part) => part.trim())
  return `rgba(${r}, ${g}, ${b}, ${alpha})`
}
