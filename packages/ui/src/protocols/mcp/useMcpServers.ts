/** The MCP servers of the workbench's trusted configuration (`GET /api/mcp/servers`), fetched once per mount. */
import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import { MCP_SERVERS_PATH, type McpServersResponse } from '@wirebench/core'
import { ApiError } from '../../api/api-error.js'
import { useWorkbench } from '../../state/useWorkbench.js'

export interface McpServersView {
  servers: McpServersResponse['servers']
  issues: McpServersResponse['issues']
  error?: string
  isLoading: boolean
}

export function useMcpServers(): McpServersView {
  const { api, session } = useWorkbench()
  // Asked only once the session works: before that, the session banner is the one thing to say.
  const isReady = useStore(session, (s) => s.isReady)
  const [view, setView] = useState<McpServersView>({ servers: [], issues: [], isLoading: true })
  useEffect(() => {
    if (!isReady) return
    const controller = new AbortController()
    api.request<McpServersResponse>(MCP_SERVERS_PATH, { signal: controller.signal }).then(
      (answer) => setView({ servers: answer.servers, issues: answer.issues, isLoading: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        // A workbench without the MCP plugin has no such route: nothing configured to show.
        const problem = ApiError.fromUnknown(error).problem
        setView({
          servers: [],
          issues: [],
          isLoading: false,
          ...(problem.code === 'not_found' ? {} : { error: problem.title }),
        })
      },
    )
    return () => controller.abort()
  }, [api, isReady])
  return view
}
