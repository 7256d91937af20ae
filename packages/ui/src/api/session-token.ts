/**
 * The per-launch session token. The CLI opens the page with a one-time `#ticket=` (a browser's command line is
 * readable by other local users, so it never carries the token) which is traded once for the token; the URL the
 * terminal prints carries `#token=` itself. Either leaves the address bar at once, and the token lives in
 * sessionStorage for the tab.
 */
import { SESSION_PROBLEM_TYPE, SESSION_TICKET_PATH } from '@wirebench/core'
import type { SessionTicketResponse } from '@wirebench/core'
import { ApiError, problemFromResponse } from './api-error.js'
import { readClientConfig } from './client-config.js'

const STORAGE_KEY = 'wirebench.token'

/** Where the page stands with its token once any ticket exchange is over. */
export interface SessionTokenState {
  token: string | null
  /** The server handed this token out just now (a ticket exchange): it needs no check. */
  isVerified?: boolean
  /** Why the page has no usable token (a spent or expired ticket, the server unreachable). */
  problem?: ApiError
}

let memoryToken: string | null = null
let pending: Promise<SessionTokenState> | null = null
let lastProblem: ApiError | undefined

/** What the terminal's URL looks like, for messages that send the user back to it. */
export const TOKEN_URL_SHAPE = '#token=…'

/** The notice for a page opened without any token or ticket. */
export function missingTokenProblem(): ApiError {
  return new ApiError({
    type: SESSION_PROBLEM_TYPE,
    title: 'No session token',
    status: 401,
    code: 'unauthorized',
    detail: 'This page was opened without the workbench’s session token, so the server refuses its requests.',
  })
}

function store(token: string): void {
  memoryToken = token
  lastProblem = undefined
  try {
    window.sessionStorage.setItem(STORAGE_KEY, token)
  } catch {
    // Storage can be disabled; the token then lives for this page only.
  }
}

/** The refusal of a sign-in link presented twice: the server then replaced its token (another program may hold it). */
export function isTokenReplaced(problem: ApiError): boolean {
  return problem.problem.status === 401 && /another program/i.test(problem.problem.detail ?? '')
}

function forget(): void {
  memoryToken = null
  try {
    window.sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // Storage can be disabled; the memory copy is gone already.
  }
}

async function exchangeTicket(ticket: string): Promise<SessionTokenState> {
  const prefix = readClientConfig().prefix
  let response: Response
  try {
    response = await fetch(`${prefix}${SESSION_TICKET_PATH}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ ticket }),
      credentials: 'same-origin',
      cache: 'no-store',
    })
  } catch (error) {
    lastProblem = ApiError.fromUnknown(error)
    return { token: readSessionToken(), problem: lastProblem }
  }
  if (!response.ok) {
    lastProblem = await problemFromResponse(response)
    // The server replaced its token (the link was used twice): any token this tab holds no longer works either.
    if (isTokenReplaced(lastProblem)) {
      forget()
      return { token: null, problem: lastProblem }
    }
    // A token this tab already holds (a reload of a used link) still works; the notice only shows without one.
    const token = readSessionToken()
    return token ? { token } : { token: null, problem: lastProblem }
  }
  const { token } = (await response.json()) as SessionTicketResponse
  store(token)
  return { token, isVerified: true }
}

/**
 * Takes `#token=` or `#ticket=` out of the address bar (SECURITY.md, gate 3) before anything can read or log the URL;
 * a ticket starts its exchange (see `sessionTokenReady`). Returns the token known right now.
 */
export function captureSessionToken(): string | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''))
  const fromHash = params.get('token')
  const ticket = params.get('ticket')
  if (fromHash === null && ticket === null) return readSessionToken()
  params.delete('token')
  params.delete('ticket')
  const rest = params.toString()
  const url = `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`
  window.history.replaceState(window.history.state, '', url)
  if (fromHash) store(fromHash)
  else if (ticket) pending = exchangeTicket(ticket)
  return readSessionToken()
}

/** Resolves once a ticket exchange (if one is under way) is over, with the token and any problem it met. */
export async function sessionTokenReady(): Promise<SessionTokenState> {
  if (pending) {
    const exchange = pending
    const state = await exchange
    if (pending === exchange) pending = null
    return state
  }
  const token = readSessionToken()
  return lastProblem && !token ? { token, problem: lastProblem } : { token }
}

export function readSessionToken(): string | null {
  if (memoryToken) return memoryToken
  try {
    memoryToken = window.sessionStorage.getItem(STORAGE_KEY)
  } catch {
    memoryToken = null
  }
  return memoryToken
}
