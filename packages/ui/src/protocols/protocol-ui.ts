/** The contract between the generic UI and a protocol's panes: what a pane is given, and what a protocol contributes. */
import type { ComponentType } from 'react'
import type { MethodInfo, ServiceInfo } from '@wirebench/core'
import type { BadgeTone } from '../components/MethodBadge.js'
import type { MethodRef } from '../state/catalog.js'

export interface PaneProps {
  target: MethodRef
}

export interface ProtocolUi {
  badge: (method: MethodInfo) => { label: string; tone: BadgeTone }
  /** The main text of a method row (REST: the path; RPC protocols: the method name). */
  label: (method: MethodInfo, service: ServiceInfo) => string
  RequestPane: ComponentType<PaneProps>
  ResponsePane: ComponentType<PaneProps>
}
