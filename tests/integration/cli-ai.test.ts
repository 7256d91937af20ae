/**
 * The built `wirebench` command bundles the AI package: its `--ai-*` flags reach `/api/ai/config` as an in-memory
 * overlay (the key never answered, the file never written), and a bad flag is a usage error before anything starts.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AI_ROUTES } from '@wirebench/core'
import {
  cliDirs,
  removeCliDirs,
  requireBuiltCli,
  spawnCli,
  stopCli,
  waitForUrl,
} from '../servers/server/cli-process.js'

const KEY = 'sk-cli-flag-key-4d2a91'

describe('wirebench --ai-*', () => {
  beforeAll(() => requireBuiltCli())
  afterAll(() => removeCliDirs())

  it('overlays the flags on the AI options for this run without writing ai-config.json', async () => {
    const { configDir, uiDir } = await cliDirs()
    const run = spawnCli([
      ...['--port', '0', '--no-open', '--config-dir', configDir, '--ui-dir', uiDir],
      ...['--ai-provider', 'OpenRouter', '--ai-model', 'meta/llama', '--ai-api-key', KEY],
    ])
    try {
      const { base, token } = await waitForUrl(run)
      const response = await fetch(`${base}${AI_ROUTES.config}`, { headers: { 'x-workbench-token': token ?? '' } })
      const text = await response.text()
      expect(response.status).toBe(200)
      expect(JSON.parse(text)).toMatchObject({
        provider: 'openrouter',
        model: 'meta/llama',
        hasApiKey: true,
        effectiveEndpoint: 'https://openrouter.ai/api/v1',
        overriddenByCli: ['provider', 'model', 'apiKey'],
      })
      expect(text).not.toContain(KEY)
      expect(existsSync(join(configDir, 'ai-config.json'))).toBe(false)
    } finally {
      await stopCli(run)
    }
    expect(run.stdout() + run.stderr()).not.toContain(KEY)
  })

  it('refuses an endpoint that is not http(s) as a usage error', async () => {
    const { configDir, uiDir } = await cliDirs()
    const run = spawnCli([
      ...['--port', '0', '--no-open', '--config-dir', configDir, '--ui-dir', uiDir],
      ...['--ai-endpoint', 'file:///etc/passwd'],
    ])
    const { code } = await run.exited
    expect(code).toBe(2)
    expect(run.stderr()).toMatch(/--ai-\*: The AI endpoint must be http or https, not file:/)
  })
})
