/** A response pane's validation state: whether the problems list is open, and the field a chosen problem marks. */
import { useState } from 'react'
import type { ResponseValidation } from '@wirebench/core'
import type { CallRecord } from '../../state/calls-store.js'

export interface ValidationMarks {
  validation: ResponseValidation | undefined
  /** The list shows: there are problems and the user has not folded it. */
  isListShown: boolean
  isOpen: boolean
  toggle: () => void
  /** The pointer to mark in the body views of this response. */
  marked: string | undefined
  select: (pointer: string) => void
}

export function useValidationMarks(record: CallRecord | undefined, onSelect: () => void): ValidationMarks {
  const [highlight, setHighlight] = useState<{ pointer: string; startedAt: number } | undefined>(undefined)
  const [isOpen, setOpen] = useState(true)
  const validation = record?.result?.validation
  return {
    validation,
    isListShown: isOpen && validation !== undefined && !validation.valid,
    isOpen,
    toggle: () => setOpen(!isOpen),
    // A mark belongs to the response it was chosen in.
    marked: record && highlight?.startedAt === record.startedAt ? highlight.pointer : undefined,
    select: (pointer) => {
      if (!record) return
      onSelect()
      setHighlight({ pointer, startedAt: record.startedAt })
    },
  }
}
