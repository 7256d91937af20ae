/**
 * Where a form keeps text a field cannot hold yet (JSON that does not parse), by field path: in the method's draft, so
 * the text survives a tab switch and Send can wait for it. Without a provider the text stays in the input only.
 */
import { createContext, useContext } from 'react'

export interface PendingText {
  text: string
  message: string
}

export interface FormPending {
  get: (path: string) => PendingText | undefined
  set: (path: string, pending: PendingText | undefined) => void
}

export const FormPendingContext = createContext<FormPending | undefined>(undefined)

export function useFormPending(): FormPending | undefined {
  return useContext(FormPendingContext)
}
