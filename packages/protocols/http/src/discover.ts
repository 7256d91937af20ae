/**
 * Discovery of the plain HTTP plugin: there is none. Any URL answers HTTP, so claiming one would list a service for
 * every address typed; plain requests come from imports and saved requests instead, and nothing is probed.
 */
import type { DiscoveryTarget, ServiceInfo } from '@wirebench/core'
import { neverDiscovers } from './errors.js'

export function discoverNothing(target: DiscoveryTarget): Promise<ServiceInfo[]> {
  const where = target.kind === 'url' ? target.url : target.files.map((file) => file.name).join(', ')
  return Promise.reject(neverDiscovers(where))
}
