/**
 * Discovery: server reflection for URL targets, the .proto compiler for uploads. Both end in a registry of
 * descriptors and the services described in the wire model, kept for the calls that follow.
 */
import { fromBinary, createFileRegistry } from '@bufbuild/protobuf'
import type { FileRegistry } from '@bufbuild/protobuf'
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt'
import { Code } from '@connectrpc/connect'
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, SchemaFile, ServiceInfo } from '@wirebench/core'
import { looksLikeDocument, parseAddress } from './address.js'
import type { GrpcAddress } from './address.js'
import { createCodec } from './codec.js'
import { describeService } from './describe.js'
import type { DescribeOptions } from './describe.js'
import { buildRegistry } from './descriptors/file-registry.js'
import { isNotReflection, isTargetStatus, statusName, toCallError } from './errors.js'
import { requestHeaders } from './metadata.js'
import { compileProtoFiles } from './proto-compile/index.js'
import { collectFiles, reflectionLimits } from './reflection/collect-files.js'
import { createReflectionClient } from './reflection/reflection-client.js'
import type { ReflectionClient, ReflectionRequest } from './reflection/reflection-client.js'
import type { HttpVersion, TransportPool } from './transports.js'
import { methodKey } from './types.js'
import type { CachedTarget, GrpcWire, ResolvedOptions } from './types.js'
import { wireMismatch } from './wire-check.js'

export interface DiscoverDeps {
  wire: GrpcWire
  /** The plugin id services are tagged with. */
  protocol: string
  options: ResolvedOptions
  transports: TransportPool
  onReflectionRequest?: (request: ReflectionRequest) => void
}

const uploadHint = 'Enable server reflection on the server, or upload its .proto files on the Schema Files tab.'

function buildTarget(
  registry: FileRegistry,
  serviceNames: readonly string[],
  address: GrpcAddress | undefined,
  deps: DiscoverDeps,
  source: string,
): CachedTarget {
  const describe: DescribeOptions = { source, maxInputDepth: deps.options.maxMessageDepth, maxOutputDepth: 3 }
  const target: CachedTarget = {
    registry,
    codec: createCodec(registry, { emitDefaultValues: deps.options.emitDefaultValues }),
    services: [],
    methods: new Map(),
  }
  if (address) target.address = address
  for (const name of serviceNames) {
    const desc = registry.getService(name)
    if (!desc) continue
    const service: ServiceInfo = { ...describeService(desc, describe), protocol: deps.protocol }
    target.services.push(service)
    desc.methods.forEach((method, i) => {
      const info = service.methods[i]
      if (info) target.methods.set(methodKey(service.name, method.name), { service, info, desc: method })
    })
  }
  return target
}

/** Why reflection failed, as the error the discovery fan-out reports for this plugin and URL. */
function reflectionFailure(error: unknown, url: string, ctx: CallContext): WorkbenchError {
  if (!ctx.signal.aborted && isTargetStatus(error)) {
    if (error.code === Code.Unauthenticated || error.code === Code.PermissionDenied) {
      return new WorkbenchError(
        error.code === Code.Unauthenticated ? 'unauthorized' : 'forbidden',
        `${url} refused server reflection: ${statusName(error.code)}: ${error.rawMessage}`,
        { hint: 'Select an environment whose auth the server accepts, then discover again.' },
      )
    }
    if (error.code === Code.Canceled) {
      // Our signal did not fire, so the server dropped the call: TLS servers do that to a refused client certificate.
      return new WorkbenchError('upstream_unreachable', `${url} closed the connection during reflection.`, {
        hint:
          url.startsWith('https') || url.startsWith('grpcs')
            ? 'If the server requires a client certificate, check the mTLS settings of the environment.'
            : 'Check the server log, and whether the server expects TLS (https://).',
      })
    }
    if (error.code === Code.Unimplemented || error.rawMessage === 'HTTP 505') {
      return new WorkbenchError(
        'no_services',
        `No services discovered at ${url}: the server does not offer reflection${error.code === Code.Unimplemented ? '' : ' over HTTP/1.1 (a duplex call)'}.`,
        {
          hint: uploadHint,
        },
      )
    }
    if (isNotReflection(error)) {
      return new WorkbenchError(
        'no_services',
        `No services discovered at ${url}: no gRPC reflection answer (${statusName(error.code)}).`,
      )
    }
  }
  const failure = toCallError(error, { url, signal: ctx.signal })
  // Something listens but does not speak HTTP/2 (an HTTP/1.1 server, a REST API): not ours, other plugins may take it.
  const code = typeof failure.details?.code === 'string' ? failure.details.code : ''
  if (failure.code === 'upstream_unreachable' && /^(ERR_HTTP2|NGHTTP2|HPE_|ECONNRESET)/.test(code)) {
    return new WorkbenchError('no_services', `No services discovered at ${url}: it does not answer gRPC.`)
  }
  return failure
}

/**
 * How long an HTTP/1.1-only finding lets an unpinned discovery skip its HTTP/2 attempt: long enough for the next
 * discovery of the same server (a REST or MCP server asked again), short enough that a gRPC server started on that
 * port soon after is tried.
 */
const http1FindingMs = 10_000

export async function discoverUrl(
  url: string,
  ctx: CallContext,
  deps: DiscoverDeps,
  options: { isPinned?: boolean } = {},
): Promise<CachedTarget> {
  if (looksLikeDocument(url)) {
    throw new WorkbenchError(
      'no_services',
      `No services discovered at ${url}: a gRPC server address has no document path.`,
    )
  }
  const address = parseAddress(url, deps.options.outbound)
  if (ctx.markers.cookieEnv !== undefined) {
    throw new WorkbenchError('unsupported', 'Cookie jars are not supported for gRPC calls.')
  }
  const client = {
    address,
    ...(ctx.markers.mtls ? { mtls: ctx.markers.mtls } : {}),
    ...(ctx.markers.trust ? { trust: ctx.markers.trust } : {}),
  }
  if (deps.wire === 'grpc' && options.isPinned !== true) {
    // gRPC-Web or Connect saw this server refuse an HTTP/2 connection (it answered the preface with an error) a
    // moment ago: gRPC, which is HTTP/2 only, would open a connection only to be refused again.
    const learnt = deps.transports.learntHttpVersion(client)
    if (learnt?.version === '1.1' && performance.now() - learnt.atMs < http1FindingMs) {
      throw new WorkbenchError('no_services', `No services discovered at ${url}: it speaks HTTP/1.1 only.`, {
        hint: `If a gRPC server has just started there, pin it: grpc@${url}.`,
      })
    }
  }
  let httpVersion: HttpVersion | undefined
  try {
    // gRPC-Web and Connect go over HTTP/2 when the server speaks it (reflection is a duplex call, which connect-node
    // refuses over HTTP/1.1), and their calls then use the same.
    if (deps.wire !== 'grpc') {
      httpVersion = await deps.transports.httpVersionOf(client, ctx.signal)
    }
    const collected = await collectFiles(reflectionClient(address, httpVersion, ctx, deps, deps.wire), {
      showInternalServices: deps.options.showInternalServices,
      maxServices: reflectionLimits.maxServices,
      maxFiles: reflectionLimits.maxFiles,
      maxBytes: reflectionLimits.maxBytes,
      concurrency: reflectionLimits.concurrency,
    })
    if (collected.services.length === 0) {
      throw new WorkbenchError(
        'no_services',
        `No services discovered at ${address.baseUrl}: reflection lists no services.`,
      )
    }
    const target = buildTarget(buildRegistry(collected.files), collected.services, address, deps, 'reflection')
    if (httpVersion) target.httpVersion = httpVersion
    return target
  } catch (error) {
    let failure = error instanceof WorkbenchError && !ctx.signal.aborted ? error : reflectionFailure(error, url, ctx)
    if (failure.details?.status === 415 && deps.wire === 'connect') {
      failure = (await identifyWire(address, httpVersion, ctx, deps)) ?? failure
    }
    // A server that speaks another of the three wires is not this plugin's (the fan-out reports it as empty); a
    // pinned URL shows the message, which names what it speaks.
    if (failure.code === 'upstream_invalid' && failure.details?.speaks !== undefined) {
      throw new WorkbenchError('no_services', failure.message, {
        ...(failure.hint ? { hint: failure.hint } : {}),
        details: { ...failure.details },
      })
    }
    throw failure
  }
}

function reflectionClient(
  address: GrpcAddress,
  httpVersion: HttpVersion | undefined,
  ctx: CallContext,
  deps: DiscoverDeps,
  wire: GrpcWire,
): ReflectionClient {
  const transport = deps.transports.get({
    wire,
    address,
    // Descriptors are small; a reply larger than this is not a schema worth holding.
    readMaxBytes: Math.min(ctx.limits.maxResponseBytes, reflectionLimits.maxMessageBytes),
    ...(httpVersion ? { httpVersion } : {}),
    ...(ctx.markers.mtls ? { mtls: ctx.markers.mtls } : {}),
    ...(ctx.markers.trust ? { trust: ctx.markers.trust } : {}),
  })
  return createReflectionClient({
    transport,
    headers: () => requestHeaders(ctx.metadata, { wire, deadline: ctx.deadline }),
    signal: ctx.signal,
    ...(deps.onReflectionRequest ? { onRequest: deps.onReflectionRequest } : {}),
  })
}

/**
 * A server that refused the Connect protocol with a bare 415 (grpc-js names no content type) is asked for its
 * service list once over gRPC-Web, which gRPC and gRPC-Web servers both answer in their own content type.
 */
async function identifyWire(
  address: GrpcAddress,
  httpVersion: HttpVersion | undefined,
  ctx: CallContext,
  deps: DiscoverDeps,
): Promise<WorkbenchError | undefined> {
  try {
    await reflectionClient(address, httpVersion, ctx, deps, 'grpcweb').listServices()
    return wireMismatch(deps.wire, { status: 200, contentType: 'application/grpc-web+proto' }, address.baseUrl)
  } catch (error) {
    if (ctx.signal.aborted) return undefined
    // The gRPC-Web answer named another wire: say so for the wire the user pinned.
    const found = toCallError(error, { url: address.baseUrl, signal: ctx.signal }).details
    const contentType = typeof found?.contentType === 'string' ? found.contentType : null
    return typeof found?.speaks === 'string'
      ? wireMismatch(deps.wire, { status: 200, contentType }, address.baseUrl)
      : undefined
  }
}

/** An upload: the first file is the one uploaded (its services are listed), the others are what it imports. */
export async function discoverFiles(
  files: readonly SchemaFile[],
  ctx: CallContext,
  deps: DiscoverDeps,
): Promise<CachedTarget> {
  // Only the uploaded file and what it imports are compiled: a broken or clashing sibling cannot fail this upload.
  const entry = files[0]?.name
  const compiled = await compileProtoFiles({ files, signal: ctx.signal, ...(entry === undefined ? {} : { entry }) })
  let registry: FileRegistry
  try {
    registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, compiled.fileDescriptorSet))
  } catch (cause) {
    throw new WorkbenchError('invalid_document', 'The compiled descriptors of the upload are inconsistent.', { cause })
  }
  const path = compiled.files[0]?.path ?? files[0]?.name
  const file = path === undefined ? undefined : registry.getFile(path)
  const serviceNames = file?.services.map((s) => s.typeName) ?? []
  return buildTarget(registry, serviceNames, undefined, deps, 'proto')
}
