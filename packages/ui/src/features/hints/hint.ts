/** What a hint is: a kind, the tab it is about, words for people, and the one action it offers (as data). */

export type HintKind =
  | 'slow-response'
  | 'large-response'
  | 'error-streak'
  | 'auth-refused'
  | 'undocumented-status'
  | 'deprecated-method'
  | 'unknown-variables'
  | 'grpc-no-reflection'
  | 'silent-event-stream'

/** A view of the response pane an action can ask for. */
export type ResponseViewRequest = 'timing' | 'find' | 'validation'

/** What a hint's button does; rules return these as data so they stay pure, `run-hint-action.ts` performs them. */
export type HintAction =
  | { kind: 'open-console' }
  /** Opens the environments editor on the auth tab (of the active environment, or the first one). */
  | { kind: 'open-auth' }
  /** Adds the variable (empty) to the active environment when it lacks it, then opens the editor on its variables. */
  | {
      kind: 'define-variable'
      name: string
      /** The other unknown names of the same call, in order. */ others: readonly string[]
    }
  | { kind: 'show-response-view'; view: ResponseViewRequest }
  /** The sidebar's Schema Files tab, where .proto files are uploaded. */
  | { kind: 'open-schema-files' }
  /** Puts the text into the sidebar's search and focuses it. */
  | { kind: 'search-methods'; query: string }

export interface Hint {
  /** `kind:scope`: a newer hint with the same id replaces the older one; a dismissed id stays hidden this session. */
  id: string
  kind: HintKind
  /** The tab (draft key) the hint is about; absent for page-wide hints (discovery). */
  targetKey?: string
  title: string
  detail: string
  actionLabel: string
  action: HintAction
}

/** Every kind, with the words the "don't show again" list uses. */
export const hintKindLabels: Record<HintKind, string> = {
  'slow-response': 'slow responses',
  'large-response': 'large responses',
  'error-streak': 'repeated errors',
  'auth-refused': 'refused credentials',
  'undocumented-status': 'undocumented statuses',
  'deprecated-method': 'deprecated methods',
  'unknown-variables': 'unknown variables',
  'grpc-no-reflection': 'gRPC without reflection',
  'silent-event-stream': 'silent event streams',
}
