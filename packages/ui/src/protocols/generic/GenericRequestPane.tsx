/** The request pane for protocols without their own: the generated form, raw JSON and metadata. */
import type { ReactElement } from 'react'
import { MethodHeader } from '../../features/request/MethodHeader.js'
import { RequestEditor } from '../../features/request/RequestEditor.js'
import { UnknownVariablesFlag } from '../../features/environments/UnknownVariablesFlag.js'
import { SendButton } from '../../features/request/SendButton.js'
import { useCall } from '../../state/useCall.js'
import type { PaneProps } from '../registry.js'

const callKinds = { Unary: 'RPC', ServerStreaming: 'SSTR', ClientStreaming: 'CSTR', Duplex: 'BIDI' } as const

export function GenericRequestPane({ target }: PaneProps): ReactElement {
  const call = useCall(target)
  return (
    <section className="request-pane" aria-label="Request">
      <MethodHeader
        target={target}
        badge={{ label: callKinds[target.method.methodType], tone: 'other' }}
        subtitle={<div className="rest-path mono">{target.method.fullName}</div>}
        actions={
          <>
            <UnknownVariablesFlag target={target} />
            <SendButton isSending={!!call.record?.isSending} onSend={call.send} onCancel={call.cancel} />
          </>
        }
      />
      <RequestEditor target={target} headersLabel="Metadata" />
    </section>
  )
}
