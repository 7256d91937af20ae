/**
 * One user message through to the model's last word: each turn streams over the live socket with fresh, redacted
 * context and the tools the page offers (`invoke` only while the user enabled it); the tool calls a turn ends with
 * are carried out here and answered, and the next turn goes out, up to a few rounds. Stop aborts the running turn
 * (and with it the provider's request) and any confirmation that is waiting.
 */
import { AI_TOOL_NAMES, type AiMessage, type AiToolName } from '@wirebench/core'
import { ApiError } from '../../api/api-error.js'
import { liveSocketOf } from '../../state/live-runtime.js'
import type { Workbench } from '../../state/workbench.js'
import { chatTurn } from './ai-client.js'
import { buildContext } from './assistant-context.js'
import { addEntry, nextEntryId, updateEntry, type AssistantStore } from './assistant-store.js'
import { runTool, type ToolEnvironment } from './assistant-tools.js'

/** Rounds of tool calls answered for one user message before the page stops asking the model again. */
const MAX_ROUNDS = 6
/** Streamed text reaches the view at most this often: each update renders the whole reply again. */
const SHOW_EVERY_MS = 50

function offeredTools(store: AssistantStore): AiToolName[] {
  const isInvokeEnabled = store.getState().isInvokeEnabled
  return AI_TOOL_NAMES.filter((name) => name !== 'invoke' || isInvokeEnabled)
}

function toolEnvironment(workbench: Workbench, store: AssistantStore, signal: AbortSignal): ToolEnvironment {
  return {
    workbench,
    // Read at the moment of the call: switching it off mid-conversation takes effect at once.
    isInvokeEnabled: () => store.getState().isInvokeEnabled,
    confirmInvoke: (preview) =>
      new Promise<boolean>((resolve) => {
        const answer = (isConfirmed: boolean) => {
          store.setState({ pendingInvoke: null })
          signal.removeEventListener('abort', decline)
          resolve(isConfirmed && !signal.aborted)
        }
        const decline = () => answer(false)
        signal.addEventListener('abort', decline, { once: true })
        store.setState({ pendingInvoke: { preview, answer } })
      }),
  }
}

function reportError(store: AssistantStore, error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') {
    addEntry(store, { id: nextEntryId(), kind: 'activity', text: 'Stopped.' })
    return
  }
  const problem = ApiError.fromUnknown(error).problem
  const entry = { id: nextEntryId(), kind: 'error' as const, text: problem.detail ?? problem.title }
  addEntry(store, problem.hint ? { ...entry, hint: problem.hint } : entry)
}

export async function sendToAssistant(workbench: Workbench, store: AssistantStore, text: string): Promise<void> {
  if (store.getState().isBusy || !text.trim()) return
  const controller = new AbortController()
  const { signal } = controller
  store.setState((s) => ({
    isBusy: true,
    stop: () => controller.abort(),
    conversation: [...s.conversation, { role: 'user', content: text }],
  }))
  addEntry(store, { id: nextEntryId(), kind: 'user', text })
  const env = toolEnvironment(workbench, store, signal)
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const replyId = nextEntryId()
      addEntry(store, { id: replyId, kind: 'assistant', text: '', isStreaming: true })
      let streamed = ''
      let showing: ReturnType<typeof setTimeout> | undefined
      const show = () => {
        showing = undefined
        updateEntry(store, replyId, (entry) => ({ ...entry, text: streamed }))
      }
      const answer = await chatTurn(
        liveSocketOf(workbench),
        { messages: store.getState().conversation, context: buildContext(workbench), tools: offeredTools(store) },
        {
          signal,
          onDelta: (delta) => {
            streamed += delta
            showing ??= setTimeout(show, SHOW_EVERY_MS)
          },
        },
      ).finally(() => {
        clearTimeout(showing)
        updateEntry(store, replyId, (entry) =>
          entry.kind === 'assistant' ? { ...entry, text: streamed, isStreaming: false } : entry,
        )
      })
      const content = answer.content || streamed
      updateEntry(store, replyId, (entry) => ({ ...entry, text: content }))
      if (!content) store.setState((s) => ({ entries: s.entries.filter((entry) => entry.id !== replyId) }))
      const calls = answer.toolCalls ?? []
      const said: AiMessage = { role: 'assistant', content }
      if (calls.length) said.toolCalls = calls
      store.setState((s) => ({ conversation: [...s.conversation, said] }))
      if (!calls.length) return
      for (const call of calls) {
        let result: { content: string; activity: string }
        try {
          result = await runTool(env, call)
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          result = { content: `Error: ${message}`, activity: `${call.name} failed: ${message}` }
        }
        if (signal.aborted) throw new DOMException('Stopped by the user.', 'AbortError')
        addEntry(store, { id: nextEntryId(), kind: 'activity', text: result.activity })
        const reply: AiMessage = { role: 'tool', content: result.content, toolCallId: call.id }
        store.setState((s) => ({ conversation: [...s.conversation, reply] }))
      }
    }
    addEntry(store, {
      id: nextEntryId(),
      kind: 'activity',
      text: 'Stopped after several tool rounds; ask again to go on.',
    })
  } catch (error) {
    reportError(store, error)
  } finally {
    store.setState({ isBusy: false, stop: null, pendingInvoke: null })
  }
}
