/**
 * What `wirebench call` sends: the method and flags as given, or a saved request of a workspace (`--workspace`
 * with `--request`), whose URL, protocol, method, messages, headers and timeout fill in what the flags leave out.
 */
import type { SavedAssertion, SavedAuth } from '@wirebench/core'
import type { DataSource } from '../call/messages.js'
import type { TargetFlags } from '../commands/target-options.js'
import { CliFailure } from '../failure.js'
import { HTTP_PROTOCOL } from './http-target.js'
import { savedMessages } from './saved-frames.js'
import { loadSavedCall, savedCallUrl } from './saved-request.js'

interface SavedCallFlags extends TargetFlags {
  data?: string[]
  workspace?: string
  request?: string
}

export interface CallTarget<F extends SavedCallFlags> {
  flags: F
  address: string
  /** The saved messages, unless `-d` replaces them. */
  sources?: DataSource[]
  headers: Record<string, string>
  timeoutMs?: number
  /** The saved request's server: sent there instead of the discovered base URL. */
  serverUrl?: string
  workspaceVars?: Record<string, string>
  /** The saved request's auth (`inherit`: the environment's). */
  savedAuth?: SavedAuth
  /** A saved plain HTTP request (no discovery: sent to its URL). */
  isPlainHttp?: boolean
  /** The saved request's path and assertions, checked on its response. */
  saved?: { path: string; assertions: SavedAssertion[] }
}

export async function resolveCallTarget<F extends SavedCallFlags>(
  given: string | undefined,
  flags: F,
): Promise<CallTarget<F>> {
  if (flags.request === undefined) {
    if (flags.workspace !== undefined) {
      throw CliFailure.usage('--workspace needs --request <folder/name>: the saved request to send.')
    }
    if (!flags.url || flags.url.length === 0) {
      throw CliFailure.usage(
        "required option '--url <address>' not specified.",
        'Give the address of a server or a document.',
      )
    }
    if (given === undefined) throw CliFailure.usage("missing required argument 'Service/Method'.")
    return { flags, address: given, headers: {} }
  }
  if (flags.workspace === undefined) {
    throw CliFailure.usage('--request needs --workspace <dir>: the folder the request is saved in.')
  }
  if (given !== undefined) {
    throw CliFailure.usage(`--request ${flags.request} names the method already; drop "${given}".`)
  }
  const saved = await loadSavedCall(flags.workspace, flags.request)
  const { request } = saved
  const target: CallTarget<F> = {
    flags: {
      ...flags,
      url: flags.url && flags.url.length > 0 ? flags.url : [savedCallUrl(request)],
      // The request was saved for one protocol: only that plugin discovers it.
      protocol: flags.protocol ?? request.protocol,
    },
    address: saved.address,
    headers: { ...request.metadata },
    workspaceVars: saved.vars,
    savedAuth: saved.auth,
    saved: { path: flags.request, assertions: request.assertions ?? [] },
  }
  if (request.protocol === HTTP_PROTOCOL && (!flags.url || flags.url.length === 0)) target.isPlainHttp = true
  if (!flags.data || flags.data.length === 0) {
    target.sources = savedMessages(request).map((value) => ({ kind: 'value', value }))
  }
  if (typeof request.options?.timeoutMs === 'number') target.timeoutMs = request.options.timeoutMs
  if (typeof request.options?.serverUrl === 'string' && request.options.serverUrl !== '') {
    target.serverUrl = request.options.serverUrl
  }
  return target
}
