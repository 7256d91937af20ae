/**
 * The OAuth redirect page (SPEC.md authorization_code flow, step 5): static HTML plus a same-origin script that hands
 * `code` and `state` to the workbench window that opened the popup, then closes the popup. Nothing from the query is
 * ever written into the HTML; the script reads it in the browser.
 */
import { OAUTH_CALLBACK_MESSAGE_TYPE } from '@wirebench/auth'

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** The page; `scriptUrl` is the prefix-aware path of {@link callbackScript}. */
export function callbackPage(scriptUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wirebench: authorization</title>
</head>
<body>
<main>
<h1>Wirebench authorization</h1>
<p id="status">Handing the authorization back to the workbench…</p>
<noscript><p>This page needs JavaScript to hand the authorization back to the workbench.</p></noscript>
</main>
<script src="${escapeAttribute(scriptUrl)}"></script>
</body>
</html>
`
}

/**
 * Posts `{type, code, state, iss?, error?, errorDescription?}` to the opener with the page's own origin as targetOrigin:
 * only a workbench window of this same origin can receive the code. The query is then wiped from the address bar.
 */
export const callbackScript = `'use strict'
;(function () {
  var params = new URLSearchParams(window.location.search)
  var message = { type: '${OAUTH_CALLBACK_MESSAGE_TYPE}', code: params.get('code') || '', state: params.get('state') || '' }
  // RFC 9207: the issuer of the answer, checked by the workbench against the authorization server it asked.
  var iss = params.get('iss')
  if (iss) message.iss = iss
  var error = params.get('error')
  if (error) {
    message.error = error
    var description = params.get('error_description')
    if (description) message.errorDescription = description
  }
  // The code must not linger in the address bar or the session history.
  window.history.replaceState(null, '', window.location.pathname)
  var status = document.getElementById('status')
  var opener = window.opener
  if (!opener || opener.closed) {
    status.textContent =
      'This page finishes an authorization started from the workbench, but no workbench window is waiting for it ' +
      '(the window was closed, or this page was opened directly). Go back to the workbench, open it at ' +
      window.location.origin + ', and click Authorize again.'
    return
  }
  opener.postMessage(message, window.location.origin)
  status.textContent =
    'Done: the authorization went back to the workbench window. If that window shows nothing, it was opened at ' +
    'another address than ' + window.location.origin + '; open the workbench there and authorize again.'
  window.close()
})()
`
