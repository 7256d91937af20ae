/** The short coloured label in front of a method (an HTTP verb for REST, a call kind for streaming protocols). */
import type { ReactElement } from 'react'

export type BadgeTone = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'other'

export interface MethodBadgeProps {
  label: string
  tone: BadgeTone
  size?: 'small' | 'large'
}

export function MethodBadge({ label, tone, size = 'small' }: MethodBadgeProps): ReactElement {
  return <span className={`method-badge method-badge-${tone} method-badge-${size}`}>{label}</span>
}
