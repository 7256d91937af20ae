/** @wirebench/core: the isomorphic heart of Wirebench (no Node built-ins). */
export type {
  AuthChallenge,
  CallTimings,
  EnumValueInfo,
  FieldInfo,
  FieldLabel,
  FieldSource,
  ParameterStyle,
  FieldType,
  InvokeResult,
  MessageInfo,
  MethodInfo,
  MethodType,
  McpMethodInfo,
  McpToolAnnotations,
  OutputValidation,
  PendingValidation,
  ResponseValidation,
  ValidationProblem,
  SecurityAlternative,
  SecuritySchemeInfo,
  SentRequest,
  ServiceInfo,
  ServiceSource,
  StatusName,
  DiscoveryAttempt,
  DiscoveryOutcome,
} from './model/wire.js'
export { fieldTypes, isIntegerFieldType, optionalField, statusNames } from './model/wire.js'
export type { StreamFrame, StreamFrameType } from './model/stream.js'
export { exampleMessage } from './examples/example-message.js'
export type { ExampleOptions } from './examples/example-message.js'
export { exampleFlavorOf } from './examples/example-flavor.js'
export type { ExampleFlavor } from './examples/example-flavor.js'
export { is64BitIntegerType, isIntegerType, isNumericType } from './examples/field-kinds.js'
export { layoutFields } from './examples/oneof-layout.js'
export type { FieldLayoutItem } from './examples/oneof-layout.js'
export { unwrappedField, wellKnownKind, wellKnownName } from './examples/well-known-types.js'
export type { WellKnownKind } from './examples/well-known-types.js'
export { WorkbenchError } from './errors/workbench-error.js'
export type { WorkbenchErrorCode, WorkbenchErrorOptions } from './errors/workbench-error.js'
export { httpStatusClass, httpStatusToStatusName } from './status/http-status.js'
export type { HttpStatusClass } from './status/http-status.js'
export {
  API_KEY_QUERY_MARKER,
  COOKIE_ENV_MARKER,
  MTLS_MARKER,
  SIGV4_MARKER,
  TRUST_MARKER,
  isMarkerKey,
  splitMarkers,
} from './markers/markers.js'
export type {
  ApiKeyQueryParam,
  CallMarkers,
  MtlsMarker,
  SigV4Marker,
  SplitMetadata,
  TrustMarker,
} from './markers/markers.js'
export { appendQueryParams, getHeader, mergeHeaders } from './markers/headers.js'
export {
  escapeTemplate,
  escapeTemplatesDeep,
  referencedVariables,
  substitute,
  substituteDeep,
} from './variables/substitute.js'
export type { SubstitutionOptions, SubstitutionResult } from './variables/substitute.js'
export { defaultSystemSources, resolveSystemVariable, systemVariableNames } from './variables/system.js'
export type { SystemSources } from './variables/system.js'
export { pathValueToString, readPath } from './variables/path.js'
export {
  chainReferenceFor,
  createChainResolver,
  parseChainPath,
  parseChainReference,
  readResponsePath,
} from './variables/chain.js'
export type { ChainReference, ChainSources, ResponseSnapshot } from './variables/chain.js'
export { assertionProblem, assertionsProblem, regexProblem } from './assertions/check-assertions.js'
export { assertionSubjectOf, assertionsPassed, describeAssertion, evaluateAssertions } from './assertions/evaluate.js'
export type { AssertionOutcome, AssertionResult, AssertionSubject, ValidationSummary } from './assertions/evaluate.js'
export { createStreamObservation, observeFrame, streamAssertionSubject } from './assertions/stream-subject.js'
export type { StreamObservation } from './assertions/stream-subject.js'
export { defaultCallLimits, silentLogger } from './plugin/contract.js'
export { whenAborted } from './plugin/abort.js'
export { createPlaceholderMask, createReferenceMask, maskDeep, maskHeaders } from './export/references.js'
export type { ReferenceMask } from './export/references.js'
export { shellQuote } from './export/shell-quote.js'
export { exportFormatLabels, exportFormatLanguages, exportFormats, unsupportedExportFormat } from './export/formats.js'
export { exportAsWirebenchCall, markerNotes, wirebenchCommand } from './export/wirebench-command.js'
export type { WirebenchCommandInput } from './export/wirebench-command.js'
export { createTargetCache } from './plugin/target-cache.js'
export type { TargetCache, TargetCacheOptions } from './plugin/target-cache.js'
export type {
  Call,
  CallContext,
  CallLimits,
  Channel,
  DiscoveryTarget,
  ExportedSnippet,
  ExportFormat,
  ExportOptions,
  ExportReference,
  Logger,
  PluginSetting,
  ProtocolManifest,
  ProtocolPlugin,
  ResponseValidator,
  SchemaDocument,
  SchemaFile,
  SchemaValidationJob,
} from './plugin/contract.js'
export { SESSION_PROBLEM_TYPE, SESSION_TICKET_PATH, SESSION_TOKEN_HEADER, problemType } from './api/http-api.js'
export type {
  ClientConfig,
  EmbeddedHostInfo,
  DiscoverRequest,
  DiscoverResponse,
  ExportRequest,
  ExportResponse,
  ExportVariable,
  InvokeRequest,
  InvokeResponse,
  Problem,
  ProtocolSummary,
  SchemaDiagnostic,
  SchemaDocumentQuery,
  SchemaDocumentResponse,
  MethodDescriptionQuery,
  MethodDescriptionResponse,
  PluginInfo,
  PluginRestartResponse,
  PluginState,
  PluginsResponse,
  ProtocolsResponse,
  SessionTicketRequest,
  SessionTicketResponse,
  UploadResponse,
  UploadSetFile,
  UploadSetRequest,
  UploadSetResponse,
  UploadIssue,
  UploadSummary,
  UploadsResponse,
} from './api/http-api.js'
export {
  MCP_AUTH_ROUTES,
  MCP_SERVERS_PATH,
  MCP_SESSION_EVENTS_METHOD,
  MCP_SESSION_SERVICE,
  MCP_STDIO_SCHEME,
} from './api/mcp-api.js'
export type {
  McpCallMeta,
  McpCompleteMessage,
  McpCompletionRef,
  McpConfigIssue,
  McpLogLevel,
  McpProcessStatus,
  McpProgressToken,
  McpReplyError,
  McpRequestId,
  McpRoot,
  McpServerSource,
  McpServerSummary,
  McpServersResponse,
  McpAuthCompleteRequest,
  McpAuthStartRequest,
  McpAuthStartResponse,
  McpAuthStatus,
  McpAuthStep,
  McpAuthUrlRequest,
  McpSessionEvent,
  McpSessionInfo,
  McpSessionSend,
} from './api/mcp-api.js'
export type {
  BenchExportFormat,
  BenchExportRequest,
  BenchExportResponse,
  BenchLatency,
  BenchListResponse,
  BenchResult,
  BenchRunRequest,
  BenchRunState,
  BenchRunSummary,
  BenchSecond,
  BenchSettings,
  BenchStartRequest,
  BenchStartResponse,
  BenchStatus,
  SaveBenchmarkRequest,
  SavedBenchmark,
  SavedBenchmarkDeleteRequest,
  SavedBenchmarkExportRequest,
  SavedBenchmarksResponse,
} from './api/bench-api.js'
export { AI_CLOUD_PROVIDERS, AI_PROVIDER_IDS, AI_ROUTES, AI_TOOL_NAMES } from './api/ai-api.js'
export type {
  AiChatAnswer,
  AiChatContext,
  AiChatRequest,
  AiConfigUpdate,
  AiConfigView,
  AiLocalServer,
  AiMessage,
  AiMethodRef,
  AiProbeResponse,
  AiProviderId,
  AiRole,
  AiToolArguments,
  AiToolCall,
  AiToolName,
} from './api/ai-api.js'
export { LIVE_ACK_WINDOW, LIVE_PROTOCOL, LIVE_TOKEN_PROTOCOL_PREFIX } from './api/live-api.js'
export type {
  LiveCallTarget,
  LiveClientMessage,
  LiveFrame,
  LiveOverflowPolicy,
  LiveServerMessage,
} from './api/live-api.js'
export {
  checkOutboundUrl,
  defaultOutboundSchemes,
  isCloudMetadataAddress,
  isLoopbackAddress,
  isPrivateAddress,
  privateTargetHint,
} from './net/outbound.js'
export { checkOutboundHeaders } from './net/outbound-headers.js'
export {
  hasScheme,
  isSchemelessAddress,
  readTargetText,
  targetTextProblem,
  withDefaultScheme,
} from './net/target-text.js'
export type { TargetText } from './net/target-text.js'
export type { OutboundPolicy } from './net/outbound.js'
export { decodedQueryName, mapQueryPairs } from './net/query-pairs.js'
export type { QueryPair } from './net/query-pairs.js'
export { WORKSPACE_FILE_VERSION } from './model/saved-request.js'
export { EXPORT_REPORT_HEADER } from './api/workspace-api.js'
export type {
  HistoryEntry,
  SavedAssertion,
  SavedAuth,
  SavedFolder,
  SavedRequest,
  SavedRequestOptions,
  WorkspaceManifest,
} from './model/saved-request.js'
export type {
  ActivateWorkspaceRequest,
  CreateWorkspaceRequest,
  ExportWorkspaceRequest,
  HistoryPage,
  HistoryTemplate,
  ImportedRequest,
  ImportFormat,
  ImportIntoWorkspaceRequest,
  SaveImportedRequestsBody,
  ImportPreview,
  ImportReportItem,
  ImportRequest,
  ImportResult,
  MoveRequestBody,
  SaveFolderBody,
  SavedFolderEntry,
  SavedRequestEntry,
  SaveRequestBody,
  UpdateWorkspaceRequest,
  WorkspaceContent,
  WorkspaceFileProblem,
  WorkspaceListResponse,
  WorkspaceSummary,
} from './api/workspace-api.js'
export { PROMPT_MASK, isCredentialName, maskCredentialText, redactForPrompt } from './redaction/prompt-redaction.js'
export { publicUrl } from './redaction/public-url.js'
