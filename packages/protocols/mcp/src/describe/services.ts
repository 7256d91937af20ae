/**
 * An MCP server as services: `Tools`, `Resources`, `Resource templates` and `Prompts` (each present when the server
 * lists any), and `Session` (its live channel and session-wide requests). Names, titles, descriptions, defaults and
 * annotations are the server's data, passed on as written; the lookups the calls need are kept beside.
 */
import { optionalField } from '@wirebench/core'
import type { McpMethodInfo, McpSessionInfo, MessageInfo, MethodInfo, ServiceInfo } from '@wirebench/core'
import type { Prompt, Resource, ResourceTemplate, Tool } from '@modelcontextprotocol/sdk/types.js'
import type { EmitBudget } from '@wirebench/protocol-rest/json-schema'
import { promptsService, resourcesService, templatesService, toolsService } from '../types.js'
import { describeBudget, messageFromSchema } from './input-fields.js'
import {
  callToolResult,
  emptyMessage,
  getPromptResult,
  message,
  readResourceResult,
  sessionEvent,
  sessionInfoMessage,
  sessionInputs,
} from './messages.js'
import { templateVariables } from './uri-template.js'
import type { TemplateVariable } from './uri-template.js'

export interface ServerLists {
  tools: Tool[]
  resources: Resource[]
  templates: ResourceTemplate[]
  prompts: Prompt[]
}

export interface DescribedTemplate {
  template: ResourceTemplate
  variables: TemplateVariable[]
}

/** What the plugin keeps per discovered server: the services, and each method's declaration. */
export interface ServerDescription {
  address: string
  services: ServiceInfo[]
  tools: Map<string, Tool>
  /**
   * A tool's method with its messages and schemas: as listed when the tools were described at discovery, built (once)
   * on first use when they were listed `deferred`; `undefined` for no such tool.
   */
  describeTool(name: string): MethodInfo | undefined
  resources: Map<string, Resource>
  templates: Map<string, DescribedTemplate>
  prompts: Map<string, Prompt>
}

export const sessionService = 'Session'
export const sessionEventsMethod = 'events'

function method(
  service: string,
  name: string,
  input: MessageInfo,
  output: MessageInfo,
  extra: Partial<MethodInfo>,
): MethodInfo {
  return {
    name,
    fullName: `${service}.${name}`,
    clientStreaming: false,
    serverStreaming: false,
    methodType: 'Unary',
    inputType: input,
    outputType: output,
    deprecated: false,
    ...extra,
  }
}

/** `{name}` and `{summary, description}` of an MCP entry; a title only when it says more than the name. */
function texts(name: string, title: string | undefined, description: string | undefined): Partial<MethodInfo> {
  const extra: Partial<MethodInfo> = {}
  if (title && title !== name) extra.summary = title
  if (description) extra.description = description
  return extra
}

function mcpInfo(kind: McpMethodInfo['kind'], title: string | undefined, name: string): McpMethodInfo {
  const info: McpMethodInfo = { kind }
  if (title && title !== name) info.title = title
  return info
}

/**
 * A tool as the sidebar needs it: name, title, description and annotations, without its messages and schemas (a
 * thousand tools described whole are megabytes of JSON nobody reads until a tool is opened).
 */
function listedToolMethod(tool: Tool): MethodInfo {
  const title = tool.title ?? tool.annotations?.title
  const info = mcpInfo('tool', title, tool.name)
  if (tool.annotations) info.annotations = { ...tool.annotations }
  const input = emptyMessage(`${tool.name}.arguments`)
  const output = tool.outputSchema ? emptyMessage(`${tool.name}.structuredContent`) : emptyMessage(callToolResult.name)
  return method(toolsService, tool.name, input, output, {
    ...texts(tool.name, title, tool.description),
    deferred: true,
    mcp: info,
  })
}

function toolMethod(tool: Tool, budget: EmitBudget): MethodInfo {
  const title = tool.title ?? tool.annotations?.title
  const input = messageFromSchema(tool.inputSchema, `${tool.name}.arguments`, budget)
  const output = tool.outputSchema
    ? messageFromSchema(tool.outputSchema, `${tool.name}.structuredContent`, budget)
    : callToolResult
  const info = mcpInfo('tool', title, tool.name)
  if (tool.annotations) info.annotations = { ...tool.annotations }
  info.inputSchema = tool.inputSchema
  if (tool.outputSchema) info.outputSchema = tool.outputSchema
  return method(toolsService, tool.name, input, output, { ...texts(tool.name, title, tool.description), mcp: info })
}

/** Method names are unique per service: a name used twice is told apart by its URI. */
function uniqueNames<T>(items: readonly T[], name: (item: T) => string, fallback: (item: T) => string): string[] {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(name(item), (counts.get(name(item)) ?? 0) + 1)
  const used = new Set<string>()
  return items.map((item) => {
    let chosen = (counts.get(name(item)) ?? 0) > 1 ? `${name(item)} (${fallback(item)})` : name(item)
    for (let n = 2; used.has(chosen); n++) chosen = `${name(item)} (${n})`
    used.add(chosen)
    return chosen
  })
}

function resourceMethod(resource: Resource, name: string): MethodInfo {
  const info = mcpInfo('resource', resource.title, name)
  info.uri = resource.uri
  if (resource.mimeType) info.mimeType = resource.mimeType
  if (resource.size !== undefined) info.size = resource.size
  if (resource.annotations) info.resourceAnnotations = { ...resource.annotations }
  return method(resourcesService, name, emptyMessage('ReadResourceRequest'), readResourceResult, {
    ...texts(name, resource.title ?? resource.uri, resource.description),
    mcp: info,
  })
}

function templateMethod(
  template: ResourceTemplate,
  name: string,
  variables: TemplateVariable[],
  completable: boolean,
): MethodInfo {
  const fields = variables.map((variable, index) =>
    optionalField(variable.name, index + 1, 'string', {
      required: variable.required,
      label: variable.required ? 'required' : 'optional',
      description: `{${variable.name}} of ${template.uriTemplate}`,
    }),
  )
  const info = mcpInfo('resourceTemplate', template.title, name)
  info.uriTemplate = template.uriTemplate
  if (template.mimeType) info.mimeType = template.mimeType
  if (template.annotations) info.resourceAnnotations = { ...template.annotations }
  if (completable) info.completable = true
  return method(templatesService, name, message(`${name}.variables`, fields), readResourceResult, {
    ...texts(name, template.title ?? template.uriTemplate, template.description),
    mcp: info,
  })
}

function promptMethod(prompt: Prompt, completable: boolean): MethodInfo {
  const fields = (prompt.arguments ?? []).map((argument, index) =>
    optionalField(argument.name, index + 1, 'string', {
      required: argument.required === true,
      label: argument.required === true ? 'required' : 'optional',
      ...(argument.description ? { description: argument.description } : {}),
    }),
  )
  const info = mcpInfo('prompt', prompt.title, prompt.name)
  if (completable) info.completable = true
  return method(promptsService, prompt.name, message(`${prompt.name}.arguments`, fields), getPromptResult, {
    ...texts(prompt.name, prompt.title, prompt.description),
    mcp: info,
  })
}

function sessionMethods(): MethodInfo[] {
  // Requests that read (ping, the initialize result, completion suggestions) say so: a benchmark repeats them unasked.
  const readOnly = new Set(['info', 'ping', 'complete'])
  const unary = (name: keyof typeof sessionInputs, output: MessageInfo, summary: string): MethodInfo =>
    method(sessionService, name, sessionInputs[name], output, {
      summary,
      mcp: { kind: 'session' },
      ...(readOnly.has(name) ? { idempotency: 'NO_SIDE_EFFECTS' as const } : {}),
    })
  const events: MethodInfo = {
    ...method(sessionService, sessionEventsMethod, sessionInputs.events, sessionEvent, {
      summary: 'Live channel: notifications, progress, logs and the server’s requests',
      mcp: { kind: 'session' },
    }),
    clientStreaming: true,
    serverStreaming: true,
    methodType: 'Duplex',
  }
  return [
    unary('info', sessionInfoMessage, 'Server info, capabilities, instructions and negotiated version'),
    events,
    unary('ping', emptyMessage('PingResult'), 'ping'),
    unary('complete', message('CompleteResult', [optionalField('completion', 1, 'json')]), 'completion/complete'),
    unary('setLevel', emptyMessage('SetLevelResult'), 'logging/setLevel'),
    unary('subscribe', emptyMessage('SubscribeResult'), 'resources/subscribe'),
    unary('unsubscribe', emptyMessage('UnsubscribeResult'), 'resources/unsubscribe'),
    unary('disconnect', emptyMessage('DisconnectResult'), 'Closes the session (the next call reconnects)'),
  ]
}

/**
 * Servers with more tools than this have them listed `deferred` (without messages and schemas), each described when it
 * is opened; up to it, discovery answers every form at once.
 */
export const eagerToolLimit = 100

export interface ToolDescriber {
  /** The Tools service's methods, in list order: described whole, or listed `deferred` past `eagerToolLimit`. */
  methods(): MethodInfo[]
  /** A listed tool with its messages and schemas, built once (one budget for every tool of the server). */
  describe(tool: Tool): MethodInfo
}

export function createToolDescriber(address: string, tools: readonly Tool[]): ToolDescriber {
  const budget = describeBudget(address)
  const described = new Map<Tool, MethodInfo>()
  const describe = (tool: Tool): MethodInfo => {
    let found = described.get(tool)
    if (!found) described.set(tool, (found = toolMethod(tool, budget)))
    return found
  }
  return {
    methods: () => tools.map(tools.length <= eagerToolLimit ? describe : listedToolMethod),
    describe,
  }
}

/** `toolDescriber`: the one made for `lists.tools`. */
export function describeServer(
  address: string,
  lists: ServerLists,
  info: McpSessionInfo,
  toolDescriber: ToolDescriber,
): ServerDescription {
  const completable = info.capabilities['completions'] !== undefined
  const pkg = info.serverInfo.name
  const service = (name: string, methods: MethodInfo[], description?: string): ServiceInfo => {
    const described: ServiceInfo = {
      name,
      package: pkg,
      methods,
      source: 'mcp',
      originUrl: address,
      isUploaded: false,
      protocol: 'mcp',
    }
    if (info.serverInfo.version) described.version = info.serverInfo.version
    if (description) described.description = description
    return described
  }
  const tools = new Map(lists.tools.map((tool) => [tool.name, tool]))
  const description: ServerDescription = {
    address,
    services: [],
    tools,
    describeTool: (name) => {
      const tool = tools.get(name)
      return tool && toolDescriber.describe(tool)
    },
    resources: new Map(),
    templates: new Map(),
    prompts: new Map(lists.prompts.map((prompt) => [prompt.name, prompt])),
  }
  const title = info.serverInfo.title ?? info.serverInfo.name
  if (lists.tools.length > 0) {
    description.services.push(service(toolsService, toolDescriber.methods(), `${title}: tools`))
  }
  if (lists.resources.length > 0) {
    const names = uniqueNames(
      lists.resources,
      (r) => r.name,
      (r) => r.uri,
    )
    const methods = lists.resources.map((resource, index) => {
      const name = names[index] as string
      description.resources.set(name, resource)
      return resourceMethod(resource, name)
    })
    description.services.push(service(resourcesService, methods, `${title}: resources`))
  }
  if (lists.templates.length > 0) {
    const names = uniqueNames(
      lists.templates,
      (t) => t.name,
      (t) => t.uriTemplate,
    )
    const methods = lists.templates.map((template, index) => {
      const name = names[index] as string
      const variables = templateVariables(template.uriTemplate)
      description.templates.set(name, { template, variables })
      return templateMethod(template, name, variables, completable)
    })
    description.services.push(service(templatesService, methods, `${title}: resource templates`))
  }
  if (lists.prompts.length > 0) {
    const methods = lists.prompts.map((prompt) => promptMethod(prompt, completable))
    description.services.push(service(promptsService, methods, `${title}: prompts`))
  }
  description.services.push(service(sessionService, sessionMethods(), `${title}: ${info.transport} session`))
  return description
}
