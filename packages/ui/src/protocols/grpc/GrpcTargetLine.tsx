/** The gRPC call's kind and full name, and the server it goes to (editable: uploaded .proto services name no server). */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import type { MethodRef } from '../../state/catalog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { callKindNames } from './grpc-kinds.js'
import { splitWirePin, wireLabels } from './wire-pin.js'

export function GrpcTargetLine({ target }: { target: MethodRef }): ReactElement {
  const { prefs } = useWorkbench()
  const serverUrl = useStore(prefs, (s) => s.serverUrls[target.origin] ?? '')
  const { method, service } = target
  const { wire, serverUrl: address } = splitWirePin(serverUrl)
  const needsServer = service.isUploaded && !address
  const wireLabel = service.isUploaded && wire ? wireLabels[wire] : undefined
  return (
    <div className="rest-url grpc-target">
      <label className="rest-server">
        <span className="rest-server-label">Server</span>
        <input
          className="input mono"
          value={serverUrl}
          placeholder={service.isUploaded ? 'http://127.0.0.1:50051' : (service.baseUrl ?? target.origin)}
          aria-label="Server URL"
          aria-invalid={needsServer || undefined}
          title={
            service.isUploaded
              ? 'Services read from an uploaded .proto have no server: set where calls for this file go. Prefix grpcweb@ or connect@ to call over gRPC-Web or the Connect protocol.'
              : 'Override the server calls go to (leave empty to use the one it was discovered on).'
          }
          spellCheck={false}
          onChange={(e) => prefs.getState().setServerUrl(target.origin, e.target.value)}
        />
      </label>
      {needsServer && (
        <div className="rest-server-warning">Set a server URL: services from an uploaded .proto name no server.</div>
      )}
      <div className="rest-path mono grpc-method-line" aria-label="Method">
        <span className="grpc-kind" data-kind={method.methodType}>
          {callKindNames[method.methodType]}
          {wireLabel && ` · ${wireLabel}`}
        </span>
        <span className="grpc-full-name">{method.fullName}</span>
      </div>
    </div>
  )
}
