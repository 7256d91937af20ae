/**
 * The service and method of a saved plain HTTP request (`protocol: 'http'`, from an import). The plain HTTP plugin
 * discovers nothing — any URL answers HTTP — so the call is addressed directly, as the UI sends it: service `HTTP`,
 * method `request`, the saved URL (variables already filled in) as its origin.
 */
import { readTargetText } from '@wirebench/core'
import type { MethodInfo, ServiceInfo } from '@wirebench/core'

export const HTTP_PROTOCOL = 'http'

const anyMessage = { name: 'HttpRequest', fullName: 'HttpRequest', fields: [] }

export function httpTarget(entry: string): { service: ServiceInfo; method: MethodInfo } {
  const url = readTargetText(entry).address
  const method: MethodInfo = {
    name: 'request',
    fullName: 'HTTP/request',
    clientStreaming: false,
    serverStreaming: false,
    methodType: 'Unary',
    inputType: anyMessage,
    outputType: anyMessage,
    deprecated: false,
  }
  return {
    method,
    service: {
      name: 'HTTP',
      package: '',
      methods: [method],
      source: 'import',
      originUrl: url,
      isUploaded: false,
      protocol: HTTP_PROTOCOL,
    },
  }
}
