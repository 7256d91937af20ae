/** Cycles system → light → dark; the choice is persisted and applied to <html data-theme>. */
import { useEffect, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon, type IconName } from '../../components/Icon.js'
import type { ThemeChoice } from '../../state/prefs-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'

const next: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' }
const icons: Record<ThemeChoice, IconName> = { system: 'monitor', light: 'sun', dark: 'moon' }

export function ThemeToggle(): ReactElement {
  const { prefs } = useWorkbench()
  const theme = useStore(prefs, (s) => s.theme)
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme
    else document.documentElement.dataset.theme = theme
  }, [theme])
  return (
    <button
      type="button"
      className="icon-btn theme-toggle"
      aria-label={`Theme: ${theme}. Switch to ${next[theme]}`}
      title={`Theme: ${theme} (click for ${next[theme]})`}
      onClick={() => prefs.getState().setTheme(next[theme])}
    >
      <Icon name={icons[theme]} size={16} />
    </button>
  )
}
