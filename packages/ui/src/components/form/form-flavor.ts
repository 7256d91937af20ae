/**
 * Which JSON dialect the generated form writes. `json` (REST) keeps numbers as numbers and files as `{filename, data}`;
 * `proto3` writes canonical proto3 JSON: 64-bit integers as strings, bytes as plain base64.
 */
import { createContext, useContext } from 'react'

export type FormFlavor = 'json' | 'proto3'

export const FormFlavorContext = createContext<FormFlavor>('json')

export function useFormFlavor(): FormFlavor {
  return useContext(FormFlavorContext)
}

/** The gRPC family writes proto3 JSON (the same messages over gRPC, gRPC-Web and Connect); every other protocol JSON. */
export function formFlavorOf(protocol: string): FormFlavor {
  return protocol === 'grpc' || protocol === 'grpcweb' || protocol === 'connect' ? 'proto3' : 'json'
}
