/** The wire model shared by every protocol plugin, the server, the UI and sidecars (JSON, camelCase, nulls omitted). */
import type { WorkbenchErrorCode } from '../errors/workbench-error.js'
import type { OutputValidation, PendingValidation, ResponseValidation } from './validation.js'

/** The four call shapes a method can have. */
export type MethodType = 'Unary' | 'ServerStreaming' | 'ClientStreaming' | 'Duplex'

/** Where a REST parameter travels on the wire. */
export type FieldSource = 'path' | 'query' | 'header' | 'body'

/** How a REST parameter's array or object value is written (OpenAPI 3 `style`; Swagger 2.0 `collectionFormat`). */
export type ParameterStyle = 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'simple' | 'label' | 'matrix'

/** Protobuf-style scalar names plus `message`, `enum` and free `json`; REST maps JSON Schema onto these. */
export const fieldTypes = [
  'string',
  'bool',
  'bytes',
  'double',
  'float',
  'int32',
  'int64',
  'uint32',
  'uint64',
  'sint32',
  'sint64',
  'fixed32',
  'fixed64',
  'sfixed32',
  'sfixed64',
  'message',
  'enum',
  'json',
] as const

export type FieldType = (typeof fieldTypes)[number]

const integerFieldTypes: ReadonlySet<FieldType> = new Set<FieldType>([
  'int32',
  'int64',
  'uint32',
  'uint64',
  'sint32',
  'sint64',
  'fixed32',
  'fixed64',
  'sfixed32',
  'sfixed64',
])

/** The protobuf integer types (64-bit ones travel as strings in proto3 JSON). */
export function isIntegerFieldType(type: FieldType): boolean {
  return integerFieldTypes.has(type)
}

export type FieldLabel = 'optional' | 'required' | 'repeated'

export interface EnumValueInfo {
  name: string
  number: number
  /** The value is deprecated (GraphQL `@deprecated`); the reason, when the schema gives one. */
  deprecated?: boolean
  deprecationReason?: string
}

export interface FieldInfo {
  name: string
  number: number
  type: FieldType
  label: FieldLabel
  isRepeated: boolean
  isMap: boolean
  /** Set when `type` is `message` (or the value of a map is a message). */
  messageType?: MessageInfo
  enumValues?: EnumValueInfo[]
  source?: FieldSource
  required: boolean
  description?: string
  example?: unknown
  /** A file input in the UI: plain base64 or `{filename, data}` on the wire. */
  isBinary: boolean
  deprecated?: boolean
  /** Why the field is deprecated and what to use instead, when the schema says. */
  deprecationReason?: string
  defaultValue?: unknown
  /** JSON Schema / proto format hint (`date-time`, `email`, `uuid`, `int64`…). */
  format?: string
  /** For maps: the key and value types. */
  mapKeyType?: FieldType
  mapValueType?: FieldType
  /** For protobuf oneofs: the oneof group this field belongs to. */
  oneofName?: string
  /** The original name on the wire when it differs from `name` (e.g. a body property that clashes with a parameter). */
  wireName?: string
  /** REST parameters: the serialization style the document states (absent: arrays repeat, objects use brackets). */
  style?: ParameterStyle
  /** REST parameters: the document's `explode`, when it states one. */
  explode?: boolean
}

export interface MessageInfo {
  name: string
  fullName: string
  fields: FieldInfo[]
  /** True when nested fields were cut at the recursion cap or at a cycle. */
  truncated?: boolean
  description?: string
}

export interface MethodInfo {
  name: string
  fullName: string
  clientStreaming: boolean
  serverStreaming: boolean
  methodType: MethodType
  inputType: MessageInfo
  outputType: MessageInfo
  httpMethod?: string
  httpPath?: string
  summary?: string
  description?: string
  deprecated: boolean
  /** gRPC: the descriptor's `idempotency_level`, when it declares one (a benchmark runs only NO_SIDE_EFFECTS unasked). */
  idempotency?: 'NO_SIDE_EFFECTS' | 'IDEMPOTENT'
  /** Why the method is deprecated and what to use instead, when the source says (a GraphQL root field's reason). */
  deprecationReason?: string
  /** Set when the request body is `multipart/form-data` or `application/x-www-form-urlencoded`. */
  multipart?: 'multipart/form-data' | 'application/x-www-form-urlencoded'
  /** Media type of the JSON/text request body when not multipart. */
  requestContentType?: string
  /**
   * REST: every request media type the operation declares, in document order; set when there are several or the one
   * is not JSON. A call chooses one with its `Content-Type` metadata header (matched case-insensitively, ignoring
   * parameters); without one the body goes out as `multipart`/`requestContentType` say. For a media type that is
   * neither JSON nor a form the body is text: one `body` field whose string is sent verbatim.
   */
  requestMediaTypes?: string[]
  /**
   * REST: the example each request media type declares at its own level (`content[type].example`, else the first of
   * its `examples`), by media type, when any does. Document values: filled in literally, like schema examples.
   */
  requestExamples?: Record<string, unknown>
  /** REST: the operation's request body is required (`requestBody.required`, a Swagger 2.0 body parameter's). */
  bodyRequired?: boolean
  /**
   * REST: the base address this operation's calls go to when it declares its own `servers` (operation, then path
   * item) and they differ from its service's `baseUrl`.
   */
  baseUrl?: string
  /**
   * REST: the security the operation declares (its own `security`, else the document's): alternatives, any one of
   * which suffices. `[]` means explicitly none; an alternative with no schemes means auth is optional; absent means
   * the document declares nothing.
   */
  security?: SecurityAlternative[]
  /**
   * Discovery left the input and output messages out (their fields are empty): the document is too large to describe
   * whole (Microsoft Graph). `GET /api/method` answers the method with them; calls work either way.
   */
  deferred?: boolean
  /** MCP: what the server declared about the tool, resource, resource template or prompt behind this method. */
  mcp?: McpMethodInfo
}

/** The behaviour hints an MCP server gives for a tool (all advisory: the server's word, never checked). */
export interface McpToolAnnotations {
  title?: string
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
}

/**
 * MCP: the declaration behind a method, beyond its form fields. `inputSchema` and `outputSchema` are the tool's JSON
 * Schemas as the server sent them (for a schema-aware JSON editor and the result view); every text in them is the
 * server's data, never a template.
 */
export interface McpMethodInfo {
  kind: 'tool' | 'resource' | 'resourceTemplate' | 'prompt' | 'session'
  /** The display title the server gave, when it differs from the name. */
  title?: string
  /** Tools: `readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint` (and a title). */
  annotations?: McpToolAnnotations
  inputSchema?: Record<string, unknown>
  /** Tools: the schema `structuredContent` must match; results are checked against it (`InvokeResult.outputValidation`). */
  outputSchema?: Record<string, unknown>
  /** Resources: the URI read. */
  uri?: string
  /** Resource templates: the RFC 6570 template whose variables are the form fields. */
  uriTemplate?: string
  mimeType?: string
  /** Resources: the size in bytes the server announced. */
  size?: number
  /** Resources and templates: `audience`, `priority`, `lastModified` as the server sent them. */
  resourceAnnotations?: Record<string, unknown>
  /** Prompts, resource templates: the server answers `completion/complete` for the arguments (its `completions` capability). */
  completable?: boolean
}

/** One way to satisfy an operation's security: every scheme listed together. */
export interface SecurityAlternative {
  schemes: SecuritySchemeInfo[]
}

/** A security scheme an operation needs, as the document defines it. */
export interface SecuritySchemeInfo {
  /** The scheme's name in the document (`components.securitySchemes` / `securityDefinitions`). */
  name: string
  type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'mutualTLS'
  /** http: the auth scheme, lower-cased (`bearer`, `basic`). */
  scheme?: string
  /** apiKey: where the key goes. */
  in?: 'header' | 'query' | 'cookie'
  /** apiKey: the header, query or cookie parameter name. */
  paramName?: string
  /** oauth2 / openIdConnect (and 3.1 roles of other types): the scopes the operation asks for. */
  scopes?: string[]
  /** The scheme's description: its first paragraph, shortened. */
  description?: string
}

/** `reflection`, `proto`, `openapi`, `embedded`, `upload`, or a plugin id. */
export type ServiceSource = string

export interface ServiceInfo {
  name: string
  package: string
  methods: MethodInfo[]
  source: ServiceSource
  description?: string
  version?: string
  /** The discovery URL the service came from (or the uploaded file name); invocations route back to it. */
  originUrl?: string
  isUploaded: boolean
  protocol: string
  /** The base address calls go to when it differs from `originUrl` (REST: the resolved `servers[0].url`). */
  baseUrl?: string
}

/** gRPC status names, in code order (OK = 0 … Unauthenticated = 16); every protocol maps its outcome onto one. */
export const statusNames = [
  'OK',
  'Cancelled',
  'Unknown',
  'InvalidArgument',
  'DeadlineExceeded',
  'NotFound',
  'AlreadyExists',
  'PermissionDenied',
  'ResourceExhausted',
  'FailedPrecondition',
  'Aborted',
  'OutOfRange',
  'Unimplemented',
  'Internal',
  'Unavailable',
  'DataLoss',
  'Unauthenticated',
] as const

export type StatusName = (typeof statusNames)[number]

export interface InvokeResult {
  /** The decoded response (JSON value, or text when the body is not JSON). */
  response: unknown
  durationMs: number
  status: StatusName
  /** Response headers (lower-case names). REST adds `http_status`. */
  metadata: Record<string, string>
  /** Base64 of a binary response body. */
  responseBinary?: string
  statusMessage?: string
  trailers?: Record<string, string>
  /** Bytes received on the wire for the body. */
  sizeBytes?: number
  /** True when the body exceeded the response limit and was cut. */
  truncated?: boolean
  contentType?: string
  /** Every response message of a client-streaming or batched call. */
  responses?: unknown[]
  /** Protocol-specific error details (gRPC rich status, GraphQL errors…). */
  errorDetails?: unknown
  /** What the call put on the wire (credentials masked), when the plugin can say. */
  sent?: SentRequest
  /** How long each phase of the call took, as far as the transport could measure. */
  timings?: CallTimings
  /**
   * The response checked against the schema the method declares for it (MCP: a tool's `structuredContent` against its
   * `outputSchema`); absent when there is nothing to check.
   */
  outputValidation?: OutputValidation
  /**
   * The response checked against what the method declares for it (REST: the OpenAPI response schema for its status
   * and media type; MCP: `structuredContent` against the tool's `outputSchema`; GraphQL: `data` against the
   * operation's selection and the schema's types). Absent when there is nothing to check it against, or while
   * `validationPending` says the result follows.
   */
  validation?: ResponseValidation
  /** A large response is validated off the main thread: its result is fetched by this id (`GET /api/validations/:id`). */
  validationPending?: PendingValidation
}

/**
 * What a server asked for when it refused a call for missing or insufficient authorization (HTTP 401/403 with
 * `WWW-Authenticate`): the challenge and, for the MCP authorization spec, where its protected-resource metadata is.
 */
export interface AuthChallenge {
  /** The upstream status: 401 or 403. */
  status: number
  /** The `WWW-Authenticate` header as sent (scheme and parameters; it names no secret). */
  wwwAuthenticate: string
  scheme?: string
  /** RFC 9728 `resource_metadata` parameter: the protected-resource metadata URL. */
  resourceMetadata?: string
  scope?: string
  error?: string
}

/**
 * The request of a unary call as it went out, for the response pane. Credentials are masked as `***` by header name
 * (Authorization, Cookie, API keys…) and by the API-key query parameters' names before it leaves the server.
 */
export interface SentRequest {
  /** `GET`, `POST`…; gRPC unary calls are `POST`. */
  method: string
  /** The resolved address: base URL, path and query parameters filled in. */
  url: string
  /** Request headers in the order sent (lower-case names); a repeated name appears once per value. */
  headers: Array<[string, string]>
  /** The body as text, when it is text (JSON, XML, a form, a GraphQL request), cut at `bodyLimitBytes`. */
  body?: string
  /** What a body that is not shown as text is (`multipart/form-data: 2 parts`, `protobuf`). */
  bodySummary?: string
  /** Size of the body on the wire. */
  bodyBytes?: number
  /** True when `body` is only the start of a longer body. */
  bodyTruncated?: boolean
}

/** Milliseconds spent in each phase of a call; a phase the call did not go through (or that was not seen) is absent. */
export interface CallTimings {
  /** Resolving the host name (absent for an IP address). */
  dnsMs?: number
  /** Opening the TCP connection. */
  connectMs?: number
  /** The TLS handshake (https only). */
  tlsMs?: number
  /** From the request going out to the first byte of the answer (the server's think time plus one round trip). */
  firstByteMs?: number
  /** From the start of the call to the last byte of the answer. */
  totalMs: number
  /** The call went over a connection that was already open: it had no DNS, connect or TLS phase of its own. */
  reusedConnection?: boolean
}

export type DiscoveryOutcome = 'ok' | 'empty' | 'partial' | 'error' | 'timeout'

export interface DiscoveryAttempt {
  url: string
  pluginId: string
  outcome: DiscoveryOutcome
  servicesFound: number
  durationMs: number
  message?: string
  /** Why the attempt failed, when it did (the WorkbenchError code). */
  code?: WorkbenchErrorCode
  /** What the user can do about the failure. */
  hint?: string
  /** The target refused for want of authorization and said how to get it (MCP authorization). */
  authChallenge?: AuthChallenge
}

/**
 * A single optional field, for plugins that describe their call message themselves (SSE, WebSocket, GraphQL): every
 * flag a scalar field needs, overridden by `extra`.
 */
export function optionalField(
  name: string,
  number: number,
  type: FieldType,
  extra: Partial<FieldInfo> = {},
): FieldInfo {
  return {
    name,
    number,
    type,
    label: 'optional',
    isRepeated: false,
    isMap: false,
    required: false,
    isBinary: false,
    ...extra,
  }
}

export type { OutputValidation, PendingValidation, ResponseValidation, ValidationProblem } from './validation.js'
