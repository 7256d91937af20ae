import type { ServiceInfo } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import type { MethodRef } from '../../state/catalog.js'
import type { SidebarRow } from './sidebar-rows.js'
import { tabStopIndex, treeKeyAction } from './tree-navigation.js'

const origin = (isCollapsed = false): SidebarRow => ({
  kind: 'origin',
  id: 'origin:a',
  origin: 'a',
  isUploaded: false,
  count: 2,
  isCollapsed,
})
const service = (isCollapsed = false): SidebarRow => ({
  kind: 'service',
  id: 'service:a',
  service: {} as ServiceInfo,
  count: 2,
  isCollapsed,
})
const method = (key: string): SidebarRow => ({ kind: 'method', id: key, ref: { key } as MethodRef })

const rows = [origin(), service(), method('m1'), method('m2')]

describe('tabStopIndex', () => {
  it('prefers the last focused row, then the open method, then the first row', () => {
    expect(tabStopIndex(rows, 'm1', 'm2')).toBe(2)
    expect(tabStopIndex(rows, 'gone', 'm2')).toBe(3)
    expect(tabStopIndex(rows, null, null)).toBe(0)
  })
})

describe('treeKeyAction', () => {
  it('moves with the arrows and Home/End, stopping at the ends', () => {
    expect(treeKeyAction(rows, 0, 'ArrowDown')).toEqual({ kind: 'focus', index: 1 })
    expect(treeKeyAction(rows, 3, 'ArrowDown')).toEqual({ kind: 'focus', index: 3 })
    expect(treeKeyAction(rows, 1, 'ArrowUp')).toEqual({ kind: 'focus', index: 0 })
    expect(treeKeyAction(rows, 0, 'ArrowUp')).toEqual({ kind: 'leave-top' })
    expect(treeKeyAction(rows, 2, 'Home')).toEqual({ kind: 'focus', index: 0 })
    expect(treeKeyAction(rows, 0, 'End')).toEqual({ kind: 'focus', index: 3 })
  })

  it('opens a method and toggles a group on Enter or Space', () => {
    expect(treeKeyAction(rows, 3, 'Enter')).toEqual({ kind: 'open', key: 'm2' })
    expect(treeKeyAction(rows, 1, ' ')).toEqual({ kind: 'toggle', id: 'service:a' })
  })

  it('collapses an open group on ArrowLeft and moves to the parent from a child or a closed group', () => {
    expect(treeKeyAction(rows, 1, 'ArrowLeft')).toEqual({ kind: 'toggle', id: 'service:a' })
    expect(treeKeyAction(rows, 3, 'ArrowLeft')).toEqual({ kind: 'focus', index: 1 })
    expect(treeKeyAction([origin(), service(true)], 1, 'ArrowLeft')).toEqual({ kind: 'focus', index: 0 })
    expect(treeKeyAction(rows, 0, 'ArrowLeft')).toEqual({ kind: 'toggle', id: 'origin:a' })
    expect(treeKeyAction([origin(true)], 0, 'ArrowLeft')).toBeUndefined()
  })

  it('expands a closed group on ArrowRight and enters an open one', () => {
    expect(treeKeyAction([origin(true)], 0, 'ArrowRight')).toEqual({ kind: 'toggle', id: 'origin:a' })
    expect(treeKeyAction(rows, 0, 'ArrowRight')).toEqual({ kind: 'focus', index: 1 })
    expect(treeKeyAction(rows, 2, 'ArrowRight')).toBeUndefined()
  })

  it('leaves other keys, such as Tab, to the browser', () => {
    expect(treeKeyAction(rows, 0, 'Tab')).toBeUndefined()
  })
})
