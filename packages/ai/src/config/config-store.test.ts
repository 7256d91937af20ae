import { mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AI_CONFIG_FILE } from './config-file.js'
import { openAiConfigStore } from './config-store.js'
import { defaultAiOptions } from './options.js'

const dirs: string[] = []
async function configDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wb-ai-store-'))
  dirs.push(dir)
  return dir
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('ai-config.json', () => {
  it('writes a versioned file with mode 0600 and reads it back', async () => {
    const dir = await configDir()
    const store = await openAiConfigStore(dir)
    await store.save({ ...defaultAiOptions, provider: 'openai', apiKey: 'sk-test-1234' })
    const path = join(dir, AI_CONFIG_FILE)
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ version: 1, provider: 'openai' })
    expect((await openAiConfigStore(dir)).stored()).toMatchObject({ provider: 'openai', apiKey: 'sk-test-1234' })
  })

  it('moves a corrupt file aside, reports it without quoting it, and starts from the defaults', async () => {
    const dir = await configDir()
    await writeFile(join(dir, AI_CONFIG_FILE), '{"version": 1, "apiKey": "sk-secret-in-broken-file",')
    const store = await openAiConfigStore(dir)
    expect(store.stored()).toEqual(defaultAiOptions)
    const files = await readdir(dir)
    const aside = files.find((name) => name.startsWith('ai-config.corrupt-') && name.endsWith('.json'))
    expect(aside).toBeDefined()
    expect(files).not.toContain(AI_CONFIG_FILE)
    expect(await readFile(join(dir, aside ?? ''), 'utf8')).toContain('sk-secret-in-broken-file')
    expect(store.issues()).toEqual([expect.stringContaining(`is not valid JSON. It was moved to ${aside}`)])
    expect(store.issues().join()).not.toContain('sk-secret')
  })

  it('refuses a file of another version or with an unknown provider (moved aside, defaults apply)', async () => {
    for (const content of [
      { version: 9 },
      { version: 1, provider: 'gemini' },
      { version: 1, autoDetectLocal: 'yes' },
    ]) {
      const dir = await configDir()
      await writeFile(join(dir, AI_CONFIG_FILE), JSON.stringify(content))
      const store = await openAiConfigStore(dir)
      expect(store.stored()).toEqual(defaultAiOptions)
      expect(store.issues()).toHaveLength(1)
    }
  })

  it('does not read through a symbolic link', async () => {
    const dir = await configDir()
    const target = join(dir, 'elsewhere.json')
    await writeFile(target, JSON.stringify({ version: 1, provider: 'openai', apiKey: 'sk-linked-1234' }))
    await symlink(target, join(dir, AI_CONFIG_FILE))
    const store = await openAiConfigStore(dir)
    expect(store.stored()).toEqual(defaultAiOptions)
    expect(store.issues()[0]).toContain('symbolic link')
  })

  it('lays the --ai-* overlay over the file without writing it; a flag provider means its default endpoint', async () => {
    const dir = await configDir()
    await writeFile(
      join(dir, AI_CONFIG_FILE),
      JSON.stringify({ version: 1, provider: 'ollama', endpoint: 'http://127.0.0.1:9999', model: 'llama3.2' }),
    )
    const store = await openAiConfigStore(dir, { provider: 'Anthropic', apiKey: 'sk-ant-flag-1234' })
    expect(store.effective()).toMatchObject({ provider: 'anthropic', endpoint: '', apiKey: 'sk-ant-flag-1234' })
    expect(store.stored()).toMatchObject({ provider: 'ollama', apiKey: null })
    expect(await readFile(join(dir, AI_CONFIG_FILE), 'utf8')).not.toContain('sk-ant-flag')
  })

  it('refuses a bad --ai-endpoint at start', async () => {
    const dir = await configDir()
    await expect(openAiConfigStore(dir, { endpoint: 'ftp://example.test' })).rejects.toThrow(/http or https/)
    await expect(openAiConfigStore(dir, { provider: 'nope' })).rejects.toThrow(/Unknown AI provider/)
  })
})
