/**
 * Connecting to a broker for one call: the address (`mqtt://`, `mqtts://`), the environment's auth (Basic → username
 * and password; a bearer token → password), and TLS from the workbench's markers — the environment's trusted CA
 * beside the system roots, an mTLS client certificate (whose own CA pins the chain), "allow self-signed" — handed to
 * the TLS socket as PEM strings in memory, never written to a file. MQTT 5 first; a broker that only speaks 3.1.1 is
 * asked again in 3.1.1.
 */
import { randomUUID } from 'node:crypto'
import { rootCertificates } from 'node:tls'
import type { CallMarkers } from '@wirebench/core'
import { SidecarError } from '@wirebench/sidecar/sdk'
import { connectAsync } from 'mqtt'
import type { IClientOptions, MqttClient } from 'mqtt'

export interface BrokerAddress {
  url: string
  isTls: boolean
}

/** The broker address of a URL this sidecar speaks, or undefined when it is not an MQTT URL. */
export function brokerAddress(serverUrl: string): BrokerAddress | undefined {
  let url: URL
  try {
    url = new URL(serverUrl)
  } catch {
    return undefined
  }
  if (url.protocol !== 'mqtt:' && url.protocol !== 'mqtts:') return undefined
  if (url.hostname === '') return undefined
  return { url: `${url.protocol}//${url.host}`, isTls: url.protocol === 'mqtts:' }
}

function credentials(metadata: Record<string, string>): Pick<IClientOptions, 'username' | 'password'> {
  const header = Object.entries(metadata).find(([key]) => key.toLowerCase() === 'authorization')?.[1]
  if (!header) return {}
  const [scheme = '', value = ''] = header.split(/\s+/, 2)
  if (scheme.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    return colon === -1
      ? { username: decoded }
      : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
  }
  // Brokers that take tokens (JWT auth plugins) read them as the password.
  if (scheme.toLowerCase() === 'bearer') return { username: '', password: value }
  return {}
}

function tlsOptions(markers: CallMarkers): Pick<IClientOptions, 'ca' | 'cert' | 'key' | 'rejectUnauthorized'> {
  const { mtls, trust } = markers
  const options: Pick<IClientOptions, 'ca' | 'cert' | 'key' | 'rejectUnauthorized'> = {}
  if (mtls) {
    options.cert = mtls.certificate
    options.key = mtls.privateKey
  }
  const cas: string[] = []
  if (mtls?.caCertificate) cas.push(mtls.caCertificate)
  else if (trust?.caCertificate) cas.push(...rootCertificates)
  if (trust?.caCertificate) cas.push(trust.caCertificate)
  if (cas.length > 0) options.ca = cas
  options.rejectUnauthorized = !(mtls?.allowSelfSigned === true || trust?.allowSelfSigned === true)
  return options
}

export interface ConnectRequest {
  serverUrl: string
  metadata: Record<string, string>
  markers: CallMarkers
  signal: AbortSignal
}

export interface Connection {
  client: MqttClient
  /** 5 or 4 (3.1.1). */
  protocolVersion: 5 | 4
}

const CONNECT_TIMEOUT_MS = 10_000

/** A CONNACK code that says "not this protocol version" (3.1.1: 1; MQTT 5: 0x84). */
function isVersionRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  return (
    code === 1 || code === 0x84 || /unacceptable protocol version|unsupported protocol version/i.test(String(error))
  )
}

/** What to check when the connection failed: for mqtts:// without a client certificate, that the broker wants one. */
function unreachableHint(address: BrokerAddress, hasClientCertificate: boolean): string {
  if (!address.isTls) return 'Check the address and port.'
  const trust = 'Check the address and port, and the environment’s TLS trust (CA certificate or allow self-signed).'
  return hasClientCertificate
    ? trust
    : `${trust} If the broker asks for a client certificate, set mTLS auth (certificate and key) on the environment.`
}

function mapConnectError(error: unknown, address: BrokerAddress, hasClientCertificate: boolean): SidecarError {
  const code = (error as { code?: unknown } | undefined)?.code
  const message = error instanceof Error ? error.message : String(error)
  if (code === 4 || code === 5 || code === 0x86 || code === 0x87 || code === 0x8c) {
    return new SidecarError('unauthorized', `The broker at ${address.url} refused the credentials: ${message}`, {
      hint: 'Set a Basic auth username and password on the environment (or a bearer token for token-based brokers).',
    })
  }
  return new SidecarError('upstream_unreachable', `The broker at ${address.url} cannot be reached: ${message}`, {
    hint: unreachableHint(address, hasClientCertificate),
  })
}

async function attempt(address: BrokerAddress, options: IClientOptions, signal: AbortSignal): Promise<MqttClient> {
  const pending = connectAsync(address.url, options, false)
  const onAbort = () => void pending.then((client) => client.end(true)).catch(() => undefined)
  signal.addEventListener('abort', onAbort, { once: true })
  try {
    const client = await pending
    if (signal.aborted) {
      client.end(true)
      throw new SidecarError('cancelled', 'The call was cancelled.')
    }
    return client
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
}

export async function connectBroker(request: ConnectRequest): Promise<Connection> {
  const address = brokerAddress(request.serverUrl)
  if (!address) throw new SidecarError('invalid_request', `${request.serverUrl} is not an mqtt:// or mqtts:// address.`)
  const base: IClientOptions = {
    clientId: `wirebench-${randomUUID().slice(0, 8)}`,
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: CONNECT_TIMEOUT_MS,
    ...credentials(request.metadata),
    ...(address.isTls ? tlsOptions(request.markers) : {}),
  }
  try {
    return { client: await attempt(address, { ...base, protocolVersion: 5 }, request.signal), protocolVersion: 5 }
  } catch (error) {
    if (error instanceof SidecarError) throw error
    if (!isVersionRefusal(error)) throw mapConnectError(error, address, base.cert !== undefined)
  }
  try {
    return { client: await attempt(address, { ...base, protocolVersion: 4 }, request.signal), protocolVersion: 4 }
  } catch (error) {
    throw error instanceof SidecarError ? error : mapConnectError(error, address, base.cert !== undefined)
  }
}

/** Ends the connection; a broker that is already gone is fine. */
export async function disconnect(connection: Connection): Promise<void> {
  await connection.client.endAsync().catch(() => undefined)
}
