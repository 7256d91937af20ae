/** Vite build of the Wirebench UI: relative asset URLs so the server can mount it under any prefix. */
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

// `vite dev` proxies the API to a running workbench (`wirebench --no-open --port 5080` by default).
const apiTarget = process.env.WIREBENCH_SERVER ?? 'http://127.0.0.1:5080'

export default defineConfig({
  base: './',
  plugins: [react()],
  // Workspace packages are consumed from their TypeScript sources (no prior `tsc -b` needed).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The strict CSP forbids inline scripts, so never inline small modules as data: URLs either.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/api': {
        target: apiTarget,
        changeOrigin: true,
        // The server refuses foreign Origins; through the dev proxy the call is effectively same-origin.
        configure: (proxy) => {
          proxy.on('proxyReq', (request) => request.removeHeader('origin'))
        },
      },
    },
  },
})
