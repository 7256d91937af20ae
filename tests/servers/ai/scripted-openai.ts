/**
 * An OpenAI-compatible chat server on 127.0.0.1:0 that streams what a script decides for each request, tool calls
 * included, as OpenAI's streaming reference documents them (`delta.tool_calls` pieces by `index`, the arguments in
 * several parts, `finish_reason: "tool_calls"`). `@dwmkerr/mock-llm` streams only a reply's text and drops its tool
 * calls, so conversations where the model calls tools need this one. Every request body is recorded.
 */
import { once } from 'node:events'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ScriptedMessage {
  role: string
  content: string | null
  tool_call_id?: string
}

export interface ScriptedReply {
  content?: string
  toolCalls?: { name: string; arguments: Record<string, unknown> }[]
}

export interface ScriptedModel {
  url: string
  bodies: string[]
  close(): Promise<void>
}

function chunk(delta: Record<string, unknown>, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-s', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
}

async function stream(response: ServerResponse, reply: ScriptedReply): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  const pause = () => new Promise((resolve) => setTimeout(resolve, 20))
  response.write(chunk({ role: 'assistant', content: '' }))
  for (const piece of (reply.content ?? '').match(/[\s\S]{1,6}/g) ?? []) {
    response.write(chunk({ content: piece }))
    await pause()
  }
  const calls = reply.toolCalls ?? []
  calls.forEach((call, index) => {
    const args = JSON.stringify(call.arguments)
    const half = Math.ceil(args.length / 2)
    response.write(
      chunk({
        tool_calls: [
          {
            index,
            id: `call_${index}_${Date.now()}`,
            type: 'function',
            function: { name: call.name, arguments: args.slice(0, half) },
          },
        ],
      }),
    )
    response.write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }))
  })
  response.write(chunk({}, calls.length ? 'tool_calls' : 'stop'))
  response.end('data: [DONE]\n\n')
}

export async function startScriptedModel(
  script: (messages: ScriptedMessage[]) => ScriptedReply,
): Promise<ScriptedModel> {
  const bodies: string[] = []
  const server = createServer((request, response) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (piece: string) => (text += piece))
    request.on('end', () => {
      bodies.push(text)
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end()
        return
      }
      const body = JSON.parse(text) as { messages: ScriptedMessage[] }
      void stream(response, script(body.messages))
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
