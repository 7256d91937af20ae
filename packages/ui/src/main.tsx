/** Entry point: read the injected config and session token, start the stores, render the app. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { readClientConfig } from './api/client-config.js'
import { captureSessionToken } from './api/session-token.js'
import { App } from './App.js'
import { startWorkbench } from './state/start-workbench.js'
import { createWorkbench } from './state/workbench.js'
import { WorkbenchContext } from './state/WorkbenchContext.js'
import './styles/theme.css'
import './styles/base.css'
import './styles/layout.css'
import './styles/url-bar.css'
import './styles/sidebar.css'
import './styles/request.css'
import './styles/form.css'
import './styles/response.css'

// The token must leave the address bar before anything else can read or log the URL.
captureSessionToken()
const workbench = createWorkbench(readClientConfig())
startWorkbench(workbench)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element.')
createRoot(root).render(
  <StrictMode>
    <WorkbenchContext.Provider value={workbench}>
      <App />
    </WorkbenchContext.Provider>
  </StrictMode>,
)
