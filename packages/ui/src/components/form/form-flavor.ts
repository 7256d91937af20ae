/**
 * Which JSON dialect the generated form writes. `json` (REST) keeps numbers as numbers and files as `{filename, data}`;
 * `proto3` writes canonical proto3 JSON: 64-bit integers as strings, bytes as plain base64.
 */
import { createContext, useContext } from 'react'
import type { ExampleFlavor } from '@wirebench/core'

export type FormFlavor = ExampleFlavor

export const FormFlavorContext = createContext<FormFlavor>('json')

export function useFormFlavor(): FormFlavor {
  return useContext(FormFlavorContext)
}

export { exampleFlavorOf as formFlavorOf } from '@wirebench/core'
