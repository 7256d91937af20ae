/**
 * What a sidecar answers, made into the wire model: services and methods with every flag the UI and the contract
 * rely on (a sidecar may leave defaults out), results with a known status name and string metadata. Anything that is
 * not the expected shape is refused as `upstream_invalid`, naming what was wrong.
 */
import { WorkbenchError, statusNames } from '@wirebench/core'
import type {
  FieldInfo,
  InvokeResult,
  MessageInfo,
  MethodInfo,
  MethodType,
  ServiceInfo,
  StatusName,
} from '@wirebench/core'
import type { InvokeReply } from '../protocol/methods.js'

const methodTypes: Record<MethodType, [boolean, boolean]> = {
  Unary: [false, false],
  ServerStreaming: [false, true],
  ClientStreaming: [true, false],
  Duplex: [true, true],
}

const knownStatuses: ReadonlySet<string> = new Set(statusNames)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function invalid(sidecar: string, what: string): WorkbenchError {
  return new WorkbenchError('upstream_invalid', `The ${sidecar} sidecar answered discover with ${what}.`)
}

function message(value: unknown, fallback: string, depth = 0): MessageInfo {
  const raw = isRecord(value) ? value : {}
  const name = typeof raw.name === 'string' && raw.name !== '' ? raw.name : fallback
  const info: MessageInfo = {
    ...raw,
    name,
    fullName: typeof raw.fullName === 'string' && raw.fullName !== '' ? raw.fullName : name,
    fields: Array.isArray(raw.fields) ? raw.fields.filter(isRecord).map((f, i) => field(f, i, depth)) : [],
  }
  return info
}

function field(raw: Record<string, unknown>, index: number, depth: number): FieldInfo {
  const isRepeated = raw.isRepeated === true || raw.label === 'repeated'
  const info = {
    ...raw,
    name: typeof raw.name === 'string' && raw.name !== '' ? raw.name : `field${index + 1}`,
    number: typeof raw.number === 'number' && Number.isInteger(raw.number) ? raw.number : index + 1,
    type: typeof raw.type === 'string' ? raw.type : 'string',
    label: isRepeated ? 'repeated' : raw.label === 'required' ? 'required' : 'optional',
    isRepeated,
    isMap: raw.isMap === true,
    required: raw.required === true,
    isBinary: raw.isBinary === true,
  } as FieldInfo
  // Nested messages are bounded like every plugin's (depth 8 here: a sidecar may describe deep shapes).
  if (raw.messageType !== undefined && depth < 8) info.messageType = message(raw.messageType, info.name, depth + 1)
  else delete info.messageType
  if (info.type === 'message' && !info.messageType && !info.isMap) info.type = 'json'
  return info
}

function method(raw: Record<string, unknown>, service: string): MethodInfo {
  const name = String(raw.name)
  const declared =
    typeof raw.methodType === 'string' && raw.methodType in methodTypes ? (raw.methodType as MethodType) : undefined
  const methodType: MethodType =
    declared ??
    (raw.clientStreaming === true
      ? raw.serverStreaming === true
        ? 'Duplex'
        : 'ClientStreaming'
      : raw.serverStreaming === true
        ? 'ServerStreaming'
        : 'Unary')
  const [clientStreaming, serverStreaming] = methodTypes[methodType]
  const info = {
    ...raw,
    name,
    fullName: typeof raw.fullName === 'string' && raw.fullName !== '' ? raw.fullName : `${service}.${name}`,
    methodType,
    clientStreaming,
    serverStreaming,
    deprecated: raw.deprecated === true,
    inputType: message(raw.inputType, `${name}Request`),
    outputType: message(raw.outputType, `${name}Response`),
  }
  return info
}

/** The wire model omits nulls: a sidecar's `null` members (Python's None) are dropped. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls)
  if (!isRecord(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) if (v !== null && v !== undefined) out[key] = withoutNulls(v)
  return out
}

/** `discover`'s answer (a list, or `{services}`) as services of plugin `protocol`. */
export function readServices(answer: unknown, protocol: string, sidecar: string): ServiceInfo[] {
  const reply = withoutNulls(answer)
  const list = Array.isArray(reply)
    ? reply
    : isRecord(reply) && Array.isArray(reply.services)
      ? reply.services
      : undefined
  if (!list) throw invalid(sidecar, 'neither a list of services nor {services: [...]}')
  return list.map((value: unknown, i) => {
    if (!isRecord(value) || typeof value.name !== 'string' || value.name === '' || !Array.isArray(value.methods)) {
      throw invalid(sidecar, `service #${i + 1} without a name or a methods list`)
    }
    const serviceName = value.name
    const methods = value.methods.map((m: unknown, j) => {
      if (!isRecord(m) || typeof m.name !== 'string' || m.name === '') {
        throw invalid(sidecar, `method #${j + 1} of service ${serviceName} without a name`)
      }
      return method(m, serviceName)
    })
    return {
      ...value,
      name: value.name,
      package: typeof value.package === 'string' ? value.package : '',
      source: typeof value.source === 'string' && value.source !== '' ? value.source : protocol,
      isUploaded: false,
      protocol,
      methods,
    }
  })
}

function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!isRecord(value)) return out
  for (const [key, v] of Object.entries(value))
    if (v !== undefined && v !== null) out[key] = typeof v === 'string' ? v : JSON.stringify(v)
  return out
}

export function readStatus(value: unknown, fallback: StatusName): StatusName {
  return typeof value === 'string' && knownStatuses.has(value) ? (value as StatusName) : fallback
}

/** `invoke`'s answer as an InvokeResult; `durationMs` is the host's measure when the sidecar gives none. */
export function readInvokeResult(reply: unknown, durationMs: number, sidecar: string): InvokeResult {
  if (!isRecord(reply)) {
    throw new WorkbenchError(
      'upstream_invalid',
      `The ${sidecar} sidecar answered invoke with something other than an object.`,
    )
  }
  const given = reply as InvokeReply & Record<string, unknown>
  let response: unknown = given.response
  if (response === undefined && typeof given.jsonResponse === 'string') {
    try {
      response = JSON.parse(given.jsonResponse) as unknown
    } catch {
      response = given.jsonResponse
    }
  }
  const result: InvokeResult = {
    response: response ?? null,
    durationMs: typeof given.durationMs === 'number' && given.durationMs >= 0 ? given.durationMs : durationMs,
    // No status means success; a status the host does not know is not one: it must never read as OK.
    status: given.status === undefined ? 'OK' : readStatus(given.status, 'Unknown'),
    metadata: stringRecord(given.metadata),
  }
  const message = typeof given.statusMessage === 'string' ? given.statusMessage.slice(0, 4000) : undefined
  if (result.status === 'Unknown' && given.status !== 'Unknown') {
    const named = `the ${sidecar} sidecar answered the unknown status ${JSON.stringify(given.status).slice(0, 100)}`
    result.statusMessage = message === undefined ? `${named}.` : `${message} (${named})`
  } else if (message !== undefined) result.statusMessage = message
  if (given.trailers !== undefined) result.trailers = stringRecord(given.trailers)
  if (Array.isArray(given.responses)) result.responses = given.responses
  if (given.errorDetails !== undefined) result.errorDetails = given.errorDetails
  if (typeof given.responseBinary === 'string') result.responseBinary = given.responseBinary
  if (typeof given.contentType === 'string') result.contentType = given.contentType
  return result
}
