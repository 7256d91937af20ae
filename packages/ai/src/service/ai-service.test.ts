import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { createAiService } from './ai-service.js'

const dirs: string[] = []
async function service() {
  const dir = await mkdtemp(join(tmpdir(), 'wb-ai-service-'))
  dirs.push(dir)
  return createAiService({ configDir: dir })
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('the API key across provider changes', () => {
  it('is kept while the provider stays, and dropped when it changes, so one vendor’s key never reaches another', async () => {
    const ai = await service()
    await ai.update({ provider: 'openai', apiKey: 'sk-openai-key-1234' })
    expect((await ai.update({ provider: 'openai', model: 'gpt-4o' })).hasApiKey).toBe(true)
    await expect(ai.update({ provider: 'anthropic' })).rejects.toThrow(WorkbenchError)
    await expect(ai.update({ provider: 'anthropic' })).rejects.toThrow('The anthropic provider needs an API key.')
    expect(ai.view()).toMatchObject({ provider: 'openai', hasApiKey: true })
    expect((await ai.update({ provider: 'lmstudio' })).hasApiKey).toBe(false)
    await expect(ai.update({ provider: 'openai' })).rejects.toThrow('needs an API key')
    expect((await ai.update({ provider: 'openrouter', apiKey: 'sk-or-key-5678' })).hasApiKey).toBe(true)
  })
})

describe('the configuration view', () => {
  it('names the model chats use: the provider’s default until one is set', async () => {
    const ai = await service()
    expect(ai.view()).toMatchObject({ provider: 'ollama', model: '', effectiveModel: 'llama3.2' })
    expect(await ai.update({ provider: 'lmstudio' })).toMatchObject({ model: '', effectiveModel: 'local-model' })
    expect(await ai.update({ provider: 'lmstudio', model: 'qwen2.5-7b' })).toMatchObject({
      model: 'qwen2.5-7b',
      effectiveModel: 'qwen2.5-7b',
    })
  })
})
