/**
 * `GET /api/ai/probe-local`: looks for the two local model servers on loopback, on their standard ports (Ollama
 * `/api/tags` on 11434, LM Studio `/v1/models` on 1234), in parallel with a short deadline each, and lists the models
 * each serves. Reads only: a GET of a listing changes nothing at either server.
 */
import { request } from 'undici'
import type { AiLocalServer } from '@wirebench/core'
import type { ProbeTargets } from './probe-targets.js'

export { defaultProbeTargets } from './probe-targets.js'
export type { ProbeTargets } from './probe-targets.js'

const maxListingBytes = 1024 * 1024

async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs)
  const response = await request(url, { method: 'GET', signal, headersTimeout: timeoutMs, bodyTimeout: timeoutMs })
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length
    if (size > maxListingBytes) {
      response.body.destroy()
      throw new Error('the listing is too large')
    }
    chunks.push(chunk as Buffer)
  }
  if (response.statusCode !== 200) throw new Error(`it answered HTTP ${response.statusCode}`)
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown
}

function namesOf(list: unknown, key: 'name' | 'id'): string[] {
  if (!Array.isArray(list)) throw new Error('it did not answer the expected listing')
  return list
    .map((item: Record<string, unknown>) => item[key])
    .filter((name): name is string => typeof name === 'string')
    .slice(0, 200)
}

async function probeOne(
  provider: AiLocalServer['provider'],
  endpoint: string,
  timeoutMs: number,
): Promise<AiLocalServer> {
  const path = provider === 'ollama' ? '/api/tags' : '/v1/models'
  try {
    const json = (await getJson(`${endpoint.replace(/\/+$/, '')}${path}`, timeoutMs)) as Record<string, unknown>
    const models = provider === 'ollama' ? namesOf(json.models, 'name') : namesOf(json.data, 'id')
    return { provider, endpoint, running: true, models }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const message = /timeout|aborted/i.test(reason) ? `no answer within ${timeoutMs} ms` : reason
    return { provider, endpoint, running: false, models: [], message }
  }
}

export async function probeLocalServers(targets: ProbeTargets, timeoutMs: number): Promise<AiLocalServer[]> {
  return Promise.all([probeOne('ollama', targets.ollama, timeoutMs), probeOne('lmstudio', targets.lmstudio, timeoutMs)])
}
