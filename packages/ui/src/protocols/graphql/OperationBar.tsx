/**
 * The line under the method name: operation type and name, and for subscriptions where they go — the transport
 * (chosen and used) and the subscription URL, for a server that serves them at none of the usual addresses.
 */
import { useId, useMemo, type ReactElement } from 'react'
import { useLiveCallState } from '../../features/live/useLiveCall.js'
import type { MethodRef } from '../../state/catalog.js'
import { subscriptionTransports, type GraphqlMessage, type SubscriptionTransport } from './graphql-draft.js'
import { operationTypeOf, parseOperation } from './operation-target.js'

export interface OperationBarProps {
  target: MethodRef
  message: GraphqlMessage
  onChange: (patch: Partial<GraphqlMessage>) => void
}

export function OperationBar({ target, message, onChange }: OperationBarProps): ReactElement {
  const listId = useId()
  const operationType = operationTypeOf(target.service.name)
  const parsed = useMemo(
    () => parseOperation(message.query, { operationType, rootField: target.method.name }),
    [message.query, operationType, target.method.name],
  )
  const names = parsed.isOk ? parsed.operationNames : []
  const needsName = names.length > 1 && !message.operationName
  const isSubscription = target.method.methodType === 'ServerStreaming'
  return (
    <div className="gql-operation-bar">
      <span className="gql-operation-type mono">{operationType}</span>
      <label className="gql-bar-field">
        <span className="muted">Operation name</span>
        <input
          className="input mono"
          list={listId}
          value={message.operationName ?? ''}
          placeholder={names.length > 1 ? 'choose one' : (names[0] ?? '(anonymous)')}
          aria-label="Operation name"
          aria-invalid={needsName || undefined}
          title={needsName ? 'The document holds several operations: name the one to send' : undefined}
          spellCheck={false}
          onChange={(e) => onChange({ operationName: e.target.value })}
        />
        <datalist id={listId}>
          {names.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </label>
      {isSubscription && (
        <label className="gql-bar-field">
          <span className="muted">Transport</span>
          <select
            className="input"
            aria-label="Subscription transport"
            value={message.subscriptionTransport ?? 'auto'}
            onChange={(e) => onChange({ subscriptionTransport: e.target.value as SubscriptionTransport })}
          >
            {subscriptionTransports.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {isSubscription && (
        <label className="gql-bar-field gql-subscription-url">
          <span className="muted">Subscription URL</span>
          <input
            className="input mono"
            value={message.subscriptionUrl ?? ''}
            placeholder="usual addresses"
            aria-label="Subscription URL"
            title={subscriptionUrlHelp}
            spellCheck={false}
            onChange={(e) => onChange({ subscriptionUrl: e.target.value })}
          />
        </label>
      )}
      {isSubscription && <TransportUsed target={target} />}
    </div>
  )
}

const subscriptionUrlHelp =
  'Where the server serves subscriptions: a ws:// or wss:// address for graphql-ws, an http(s):// one for graphql-sse ' +
  '(graphql-ws then goes to its ws twin). Empty: the endpoint and the usual /subscriptions paths are tried in turn.'

/** The transport the server chose for the latest call (its headers frame says). */
function TransportUsed({ target }: { target: MethodRef }): ReactElement | null {
  const transport = useLiveCallState(target)?.headers?.['x-wirebench-transport']
  if (!transport) return null
  return (
    <span className="gql-transport-used" title="The transport of the latest subscription" data-transport={transport}>
      using <span className="mono">{transport}</span>
    </span>
  )
}
