/**
 * The GraphQL request pane: operation (field picker and editor), variables and headers over the method's draft, which
 * holds exactly the message sent (`{ query, variables, operationName }`, plus `subscriptionTransport` for
 * subscriptions). Queries and mutations are sent with Ctrl/Cmd+Enter; subscriptions start a live call.
 */
import { useEffect, useState, type ReactElement } from 'react'
import { escapeTemplate } from '@wirebench/core'
import { KeyValueEditor } from '../../components/KeyValueEditor.js'
import { Tabs } from '../../components/Tabs.js'
import { useLiveCall } from '../../features/live/useLiveCall.js'
import { ExportButton } from '../../features/export/ExportButton.js'
import { MethodHeader } from '../../features/request/MethodHeader.js'
import { RAW_JSON_PATH } from '../../features/request/RawJsonEditor.js'
import { focusField, stringsIn } from '../../features/request/RequestEditor.js'
import { SendHoldNotice } from '../../features/request/SendHoldNotice.js'
import { SendButton } from '../../features/request/SendButton.js'
import { UnknownVariablesFlag } from '../../features/environments/UnknownVariablesFlag.js'
import type { MethodRef } from '../../state/catalog.js'
import { useCall } from '../../state/useCall.js'
import { useDraft } from '../../state/useDraft.js'
import type { PaneProps } from '../protocol-ui.js'
import { graphqlBadge } from './graphql-badge.js'
import { discoveredDefaultQuery, graphqlDraftValue, readGraphqlDraft, type GraphqlMessage } from './graphql-draft.js'
import { OperationBar } from './OperationBar.js'
import { OperationPanel } from './OperationPanel.js'
import { useGraphqlSchema } from './useGraphqlSchema.js'
import { VariablesPanel } from './VariablesPanel.js'
import '../../styles/graphql.css'
import { useSendShortcut } from '../../state/useSendShortcut.js'

type RequestTab = 'operation' | 'variables' | 'headers'

export default function GraphqlRequestPane({ target }: PaneProps): ReactElement {
  const [tab, setTab] = useState<RequestTab>('operation')
  const draft = useDraft(target.key)
  const schemaEntry = useGraphqlSchema(target.origin)
  const isSubscription = target.method.methodType === 'ServerStreaming'
  // Discovery always gives the default operation (the plugin's, the one sent for an empty query).
  const defaultQuery = discoveredDefaultQuery(target.method)
  const message = readGraphqlDraft(draft.value, defaultQuery ?? '')
  const { setValue, addFilled } = draft
  const hasQuery = typeof draft.value.query === 'string'

  useEffect(() => {
    // Write the default operation into an untouched draft, so what is on screen is what is sent. It comes from the
    // server's schema: made literal, so it can never pull a variable into the call.
    if (hasQuery || defaultQuery === undefined) return
    const literal = escapeTemplate(defaultQuery)
    addFilled([literal])
    setValue(graphqlDraftValue(readGraphqlDraft({}, literal)))
  }, [hasQuery, defaultQuery, setValue, addFilled])

  const update = (patch: Partial<GraphqlMessage>) => setValue(graphqlDraftValue({ ...message, ...patch }))
  const headerCount = draft.headers.filter((h) => h.isEnabled && h.name.trim()).length
  const variableCount = Object.keys(message.variables).length
  return (
    <section className="request-pane gql-request" aria-label="Request" data-call-kind={target.method.methodType}>
      <MethodHeader
        target={target}
        badge={graphqlBadge(target.method, target.service.name)}
        subtitle={<OperationBar target={target} message={message} onChange={update} />}
        actions={
          <>
            <UnknownVariablesFlag target={target} />
            <ExportButton target={target} />
            {isSubscription ? <SubscriptionAction target={target} /> : <SendAction target={target} />}
          </>
        }
      />
      <SendHoldNotice
        target={target}
        draft={draft}
        onShowField={(path) => {
          setTab(path.startsWith('variables') || path === RAW_JSON_PATH ? 'variables' : 'operation')
          focusField(path.replace(/^variables\.?/, ''))
        }}
      />
      <Tabs
        idPrefix="request"
        label="Request editors"
        selected={tab}
        onSelect={setTab}
        items={[
          { id: 'operation', label: 'Operation' },
          { id: 'variables', label: 'Variables', count: variableCount },
          { id: 'headers', label: 'Headers', count: headerCount },
        ]}
      />
      <div className="request-editor-panel" id="request-panel" role="tabpanel" aria-labelledby={`request-tab-${tab}`}>
        {tab === 'operation' && (
          <OperationPanel
            target={target}
            schemaEntry={schemaEntry}
            query={message.query}
            operationName={message.operationName}
            onQueryChange={(query) => update({ query })}
          />
        )}
        {tab === 'variables' && (
          <VariablesPanel
            target={target}
            variables={message.variables}
            onChange={(variables) => update({ variables })}
            onFilled={(value) => addFilled(stringsIn(value))}
          />
        )}
        {tab === 'headers' && (
          <div className="form-scroll">
            <p className="muted headers-help">
              Extra headers sent with this call (on the upgrade or POST for subscriptions). They win over auth helper
              output on a name clash.
            </p>
            <KeyValueEditor label="Headers" rows={draft.headers} onChange={draft.setHeaders} />
          </div>
        )}
      </div>
    </section>
  )
}

function SendAction({ target }: { target: MethodRef }): ReactElement {
  const call = useCall(target)
  return <SendButton isSending={!!call.record?.isSending} onSend={call.send} onCancel={call.cancel} />
}

function SubscriptionAction({ target }: { target: MethodRef }): ReactElement {
  const live = useLiveCall(target)
  const { start, isActive, cancel } = live
  useSendShortcut(start, !isActive)
  return isActive ? (
    <button type="button" className="btn send-btn is-sending" onClick={cancel} title="Stop the subscription">
      Stop
    </button>
  ) : (
    <button type="button" className="btn btn-primary send-btn" onClick={start} title="Start (Ctrl+Enter)">
      Start
      <span className="send-shortcut" aria-hidden="true">
        Ctrl ⏎
      </span>
    </button>
  )
}
