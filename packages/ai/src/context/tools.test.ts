import { describe, expect, it } from 'vitest'
import { acceptToolCalls, toolDefinitions } from './tools.js'

describe('the tool calls a model sends back', () => {
  it('passes on an invoke the page did not offer, so the page can refuse it where the user sees it', () => {
    const offered = ['list_services', 'open_method'] as const
    expect(toolDefinitions(offered).map((tool) => tool.name)).toEqual(['list_services', 'open_method'])
    const calls = acceptToolCalls([
      { id: 'a', name: 'invoke', arguments: '{"service":"Shop","method":"createOrder"}' },
      { name: 'open_method', arguments: { service: 'Shop', method: 'echo' } },
    ])
    expect(calls).toEqual([
      { id: 'a', name: 'invoke', arguments: { service: 'Shop', method: 'createOrder' } },
      { id: 'call_2', name: 'open_method', arguments: { service: 'Shop', method: 'echo' } },
    ])
  })

  it('drops an unknown tool and arguments that are not an object', () => {
    expect(
      acceptToolCalls([
        { id: 'a', name: 'run_shell', arguments: { command: 'rm -rf /' } },
        { id: 'b', name: 'open_method', arguments: '[1, 2]' },
        { id: 'c', name: 'describe_method', arguments: 'not json' },
      ]),
    ).toEqual([])
  })
})
