/**
 * The auth step of every call the CLI makes, on `@wirebench/auth`'s pipeline as the UI runs it: variables, the
 * environment's auth scheme (token requests made directly, the way the server's token proxy makes them), its trust
 * marker, and credentials bound to hosts. The command line cannot ask, so the hosts of its `--url`s and of
 * `--allow-credentials-host` are approved for the call and any other host that would get credentials is refused.
 */
import { WorkbenchError, parseChainReference, readTargetText } from '@wirebench/core'
import type * as AuthPackage from '@wirebench/auth'
import type { AuthCaches, BoundCall, Environment, TokenClient } from '@wirebench/auth'
import type { TokenProxy } from '@wirebench/server/engine'
import { CliFailure } from '../failure.js'
import type { CallEnvironment } from './environment-flags.js'

export interface CallAuthOptions extends CallEnvironment {
  /** The command line's discovery entries: their exact origins are approved for the environment's credentials. */
  urls: readonly string[]
  /** `--allow-credentials-host`: more approved hosts. */
  allowedHosts: readonly string[]
  tokens: TokenProxy
  signal?: AbortSignal
  /** A workspace's variables: below the environment's (system, then environment, then workspace). */
  workspaceVars?: Readonly<Record<string, string>>
  /** Request chaining: reads `${response.…}` and saved requests' responses from earlier calls of the command. */
  resolve?: (name: string) => string | undefined
}

export interface OutgoingCall {
  protocol: string
  /** Where the call goes (server URL, else the operation's or service's base URL, else the discovered URL). */
  targetUrl: string | undefined
  metadata: Record<string, string>
  messages: unknown[]
}

export interface CallAuth {
  prepare(call: OutgoingCall): Promise<BoundCall>
  /** What discovery of these entries carries: credentials only when they all go to one host. */
  discoveryMetadata(entries: readonly string[]): Promise<Record<string, string>>
  /** A channel message as it is sent: variables substituted (the call's host was approved when it opened). */
  frame(message: unknown): Promise<unknown>
  /** Secret values of the environment, to mask in what `-v` prints. */
  secretValues(): string[]
}

function json(bytes: Buffer): unknown {
  return JSON.parse(bytes.toString('utf8')) as unknown
}

/**
 * A token request that failed, naming the endpoint: the transport's reason ("Cannot reach 127.0.0.1:9") alone does not
 * say that the call never went out because the environment's token URL is down.
 */
async function fromTokenEndpoint(kind: string, tokenUrl: string, request: () => Promise<Buffer>): Promise<unknown> {
  try {
    return json(await request())
  } catch (error) {
    const problem = WorkbenchError.from(error, 'upstream_unreachable')
    throw new WorkbenchError(
      problem.code,
      `The ${kind} token request to ${tokenUrl} failed, so the call was not sent: ${problem.message}`,
      {
        cause: error,
        hint: `${problem.hint ? `${problem.hint} ` : ''}The token URL is the environment's (tokenUrl in environments.json).`,
        ...(problem.details ? { details: problem.details } : {}),
      },
    )
  }
}

function tokenClientOf(tokens: TokenProxy): TokenClient {
  return {
    oauthToken: (body, signal) =>
      fromTokenEndpoint('OAuth 2.0 client credentials', body.tokenUrl, () => tokens.clientCredentials(body, signal)),
    codeExchange: (body, signal) =>
      fromTokenEndpoint('OAuth 2.0 code exchange', body.tokenUrl, () => tokens.codeExchange(body, signal)),
    refresh: (body, signal) =>
      fromTokenEndpoint('OAuth 2.0 refresh', body.tokenUrl, () => tokens.refresh(body, signal)),
    customToken: (body, signal) =>
      fromTokenEndpoint('custom token', body.tokenUrl, () => tokens.customToken(body, signal)),
  }
}

function hostRefusal(environment: string, host: string | undefined, reason: string): CliFailure {
  if (host === undefined) {
    return CliFailure.usage(
      `The call has no host name to bind the credentials of environment "${environment}" to; it was not sent.`,
    )
  }
  if (reason === 'refused') {
    return CliFailure.usage(
      `Environment "${environment}" refuses its credentials to ${host}; the call was not sent.`,
      `Move ${host} from the environment's refused hosts to its approved ones ("hosts": {"approved": ["${host}"]} in environments.json) to call it with them.`,
    )
  }
  return CliFailure.usage(
    `The credentials of environment "${environment}" are not approved for ${host}; the call was not sent.`,
    `Add --allow-credentials-host ${host} to send them this once, or approve ${host} in the environment's hosts ("hosts": {"approved": ["${host}"]} in environments.json).`,
  )
}

function undefinedVariables(names: readonly string[]): CliFailure {
  const chained = names.filter((name) => parseChainReference(name) !== undefined)
  return CliFailure.usage(
    `Undefined variable${names.length > 1 ? 's' : ''}: ${names.map((n) => `\${${n}}`).join(', ')}.`,
    chained.length > 0
      ? 'A response reference reads a request sent earlier by the same command: put --request <folder/name> of that ' +
          'request before this one (${response.…} reads the one just before), and check that its response has the path.'
      : 'Define them with --var name=value, --env-file, or in the environment named by --env.',
  )
}

type AuthModule = typeof AuthPackage

function withAllowedHosts(environment: Environment, allowed: readonly string[], auth: AuthModule): Environment {
  if (allowed.length === 0) return environment
  const extra = allowed.map((text) => {
    const reading = auth.readApprovableHost(text)
    if ('error' in reading) throw CliFailure.usage(`--allow-credentials-host: ${reading.error}`)
    return reading.host
  })
  const hosts = auth.hostsOf(environment)
  return { ...environment, hosts: { approved: [...hosts.approved, ...extra], refused: hosts.refused } }
}

/** Whether a call without an environment has anything for the pipeline to do: a `${…}` to substitute. */
function hasTemplates(value: unknown): boolean {
  return JSON.stringify(value).includes('${')
}

/** A call with no environment and nothing to substitute goes as written (the auth package is not even loaded). */
function asWritten(call: OutgoingCall): BoundCall {
  return {
    metadata: call.metadata,
    messages: call.messages,
    serverUrl: '',
    unresolved: [],
    withheld: [],
    credentials: { sent: true, reason: 'nothing-to-bind' },
  }
}

export async function createCallAuth(options: CallAuthOptions): Promise<CallAuth> {
  const given = options.environment
  // A cold call without an environment skips ~300 modules (the JWT and PEM stacks) unless it has `${…}` to fill.
  let loading: Promise<AuthModule> | undefined
  const load = () => (loading ??= import('@wirebench/auth'))
  const auth = given ? await load() : undefined
  // --allow-credentials-host approves hosts for this command, as the environment's own list would (an explicit
  // refusal there still wins).
  const environment = given && auth ? withAllowedHosts(given, options.allowedHosts, auth) : given
  const tokenClient = tokenClientOf(options.tokens)
  let caches: AuthCaches | undefined
  // The exact origins of the --url addresses, as the workbench pre-approves the URLs it was started on.
  const preApprovedOrigins = options.urls.map((url) => readTargetText(url).address)
  const bindingOf = async () => {
    const module = await load()
    caches ??= module.createAuthCaches({ tokenClient })
    return {
      module,
      options: {
        environment,
        caches,
        tokenClient,
        preApprovedOrigins,
        ...(options.workspaceVars ? { scopes: [options.workspaceVars] } : {}),
        ...(options.resolve ? { resolve: options.resolve } : {}),
        ...(options.secretVariables ? { secretVariables: options.secretVariables } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
    }
  }
  return {
    async prepare(call) {
      if (!environment && !hasTemplates([call.metadata, call.messages])) return asWritten(call)
      const binding = await bindingOf()
      const prepared = await binding.module.prepareBoundCall({
        ...binding.options,
        ...binding,
        protocol: call.protocol,
        targetUrl: call.targetUrl,
        metadata: call.metadata,
        messages: call.messages,
      })
      if (environment && !prepared.credentials.sent) {
        throw hostRefusal(environment.name, prepared.credentials.host, prepared.credentials.reason)
      }
      if (prepared.unresolved.length > 0) throw undefinedVariables(prepared.unresolved)
      return prepared
    },
    async discoveryMetadata(entries) {
      // Without an environment discovery carries nothing: no auth, no trust settings.
      if (!environment || !auth) return {}
      const binding = await bindingOf()
      const addresses = entries.map((entry) => readTargetText(entry).address)
      const hosts = new Set(addresses.map((address) => auth.hostOf(address)))
      try {
        const prepared = await auth.prepareBoundCall({
          ...binding.options,
          protocol: 'discovery',
          targetUrl: hosts.size === 1 ? addresses[0] : undefined,
        })
        return prepared.metadata
      } catch {
        // An auth step that cannot run for discovery (a token endpoint down) must not stop it: trust settings only.
        return auth.trustMarkerFor(environment?.trust, auth.substitutionFor(environment)).markers
      }
    },
    async frame(message) {
      if (!environment && !hasTemplates(message)) return message
      const { module } = await bindingOf()
      const { value, unresolved } = module.substituteFrame(message, {
        environment,
        ...(options.workspaceVars ? { scopes: [options.workspaceVars] } : {}),
        ...(options.resolve ? { resolve: options.resolve } : {}),
        ...(options.secretVariables ? { secretVariables: options.secretVariables } : {}),
      })
      if (unresolved.length > 0) throw undefinedVariables(unresolved)
      return value
    },
    secretValues() {
      if (!environment || !auth) return []
      const secretNames = auth.secretVariableNames(environment, options.secretVariables)
      for (const name of options.maskedVariables ?? []) secretNames.add(name)
      const values = Object.entries(environment.vars)
        .filter(([name]) => secretNames.has(name))
        .map(([, value]) => value)
      const config = environment.auth as unknown as Record<string, unknown>
      for (const key of auth.secretFieldsOf(environment.auth)) {
        const value = config[key]
        if (typeof value === 'string') values.push(value)
      }
      // Short values would mask ordinary words ("a", "on"); they are not worth a secret's name anyway.
      return values.filter((value) => value.length >= 4)
    },
  }
}
