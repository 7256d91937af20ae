/**
 * The top bar: product mark, the URL bar, the environment dropdown, and global toggles (the assistant's when the AI
 * package is there, the theme). Without a session only the mark and the theme toggle remain: the URLs and
 * environments would need a server that refuses the page.
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { AssistantButton } from '../assistant/AssistantButton.js'
import { EnvironmentSwitcher } from '../environments/EnvironmentSwitcher.js'
import { UrlBar } from '../url-bar/UrlBar.js'
import { EmbeddedBadge } from './EmbeddedBadge.js'
import { ThemeToggle } from './ThemeToggle.js'

export function TopBar({ hasSession }: { hasSession: boolean }): ReactElement {
  const { session, selection } = useWorkbench()
  const version = useStore(session, (s) => s.config.version)
  const isDrawerOpen = useStore(selection, (s) => s.isDrawerOpen)
  return (
    <header className="top-bar">
      {hasSession && (
        <button
          type="button"
          className="icon-btn drawer-toggle"
          aria-label="Toggle the services sidebar"
          aria-expanded={isDrawerOpen}
          onClick={() => selection.getState().setDrawerOpen(!isDrawerOpen)}
        >
          <Icon name="menu" size={17} />
        </button>
      )}
      <div className="brand" title={`Wirebench ${version}`}>
        <svg viewBox="0 0 32 32" width="22" height="22" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="var(--accent-strong)" />
          <path
            d="M7 10l4 12 5-9 5 9 4-12"
            fill="none"
            stroke="#fff"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="brand-name">Wirebench</span>
      </div>
      <EmbeddedBadge />
      {hasSession ? (
        <>
          <UrlBar />
          <EnvironmentSwitcher />
        </>
      ) : (
        <span className="top-bar-spacer" />
      )}
      {hasSession && <AssistantButton />}
      <ThemeToggle />
    </header>
  )
}
