/**
 * Insomnia v4 exports (`_type: export`, `__export_format: 4`) into plain HTTP requests: request groups become folders,
 * the base environment's values workspace variables, `{{ _.name }}` references `${name}`, and bearer/basic/API-key
 * auth the schemes of the same names. Template tags (`{% … %}`), sub-environments and other auth are reported.
 */
import type { ImportPreview, SavedAuth } from '@wirebench/core'
import { arrayOf, isObject, notFormat, parseJsonFile, stringOf } from '../json-shapes.js'
import type { JsonObject } from '../json-shapes.js'
import { toSavedHttpRequest } from '../saved-http.js'
import type { ImportContext, ImportedBody } from '../saved-http.js'
import { isCredentialName } from '../credential-names.js'
import { createSecretVars, hasReference } from '../secret-vars.js'
import { credentialValue } from '../source-credentials.js'
import { fromMustache } from '../templates.js'

const hint = 'Export from Insomnia with "Export Data" in the Insomnia v4 (JSON) format.'

export function importInsomnia(content: string): ImportPreview {
  const json = parseJsonFile('insomnia', content, hint)
  if (json._type !== 'export' || json.__export_format !== 4 || !Array.isArray(json.resources)) {
    throw notFormat('insomnia', 'it is not an Insomnia v4 export (_type export, __export_format 4, resources)', hint)
  }
  const resources = json.resources.filter(isObject)
  const byId = new Map(resources.map((resource) => [stringOf(resource._id) ?? '', resource]))
  const ctx: ImportContext = { secrets: createSecretVars(), report: [] }
  const preview: ImportPreview = { requests: [], vars: {}, report: ctx.report }
  const convert = (text: string, where: string) => {
    if (text.includes('{%')) {
      ctx.report.push({ source: where, message: 'An Insomnia template tag ({% … %}) was kept as text.' })
    }
    return fromMustache(text).text
  }

  for (const resource of resources) {
    if (resource._type !== 'environment') continue
    const parent = byId.get(stringOf(resource.parentId) ?? '')
    const name = stringOf(resource.name) ?? 'environment'
    if (parent?._type !== 'workspace') {
      ctx.report.push({ source: name, message: 'Sub-environments were not imported: add them as environments.' })
      continue
    }
    for (const [key, value] of Object.entries(isObject(resource.data) ? resource.data : {})) {
      const text = stringOf(value)
      if (text === undefined) ctx.report.push({ source: name, message: `The value of ${key} is not text; left out.` })
      else if (isCredentialName(key) && text !== '' && !hasReference(convert(text, name))) {
        // Named like a credential: the requests' `${key}` resolve from an environment, never from workspace.json.
        const kept = ctx.secrets.reference(key, text)
        ctx.report.push({
          source: name,
          message: `The variable ${key} holds a credential: it became ${kept}, its value goes to an environment.`,
        })
      } else preview.vars[key] = convert(text, name)
    }
  }

  const folderOf = (resource: JsonObject): string => {
    const names: string[] = []
    for (let parent = byId.get(stringOf(resource.parentId) ?? ''); parent?._type === 'request_group';) {
      names.unshift((stringOf(parent.name) ?? 'folder').replaceAll('/', ' '))
      parent = byId.get(stringOf(parent.parentId) ?? '')
    }
    return names.join('/')
  }

  for (const resource of resources) {
    if (resource._type !== 'request') continue
    const folder = folderOf(resource)
    const name = stringOf(resource.name) ?? 'request'
    const where = folder ? `${folder}/${name}` : name
    const headers: [string, string][] = arrayOf(resource.headers)
      .filter(isObject)
      .filter((header) => header.disabled !== true)
      .map((header) => [convert(stringOf(header.name) ?? '', where), convert(stringOf(header.value) ?? '', where)])
    const query = arrayOf(resource.parameters)
      .filter(isObject)
      .filter((param) => param.disabled !== true)
      .map(
        (param) =>
          `${encodeURIComponent(stringOf(param.name) ?? '')}=${encodeURIComponent(stringOf(param.value) ?? '')}`,
      )
    let url = convert(stringOf(resource.url) ?? '', where)
    if (query.length > 0) url += `${url.includes('?') ? '&' : '?'}${convert(query.join('&'), where)}`
    const body = readBody(resource.body, headers, where, convert, ctx)
    const auth = readAuth(resource.authentication, where, ctx)
    const description = stringOf(resource.description)
    const saved = toSavedHttpRequest(
      {
        name,
        source: where,
        method: stringOf(resource.method) ?? 'GET',
        url,
        headers,
        ...(body ? { body } : {}),
        ...(auth ? { auth } : {}),
        ...(description ? { notes: description } : {}),
      },
      ctx,
    )
    preview.requests.push({ folder, request: saved })
  }
  preview.secrets = ctx.secrets.values()
  return preview
}

function readBody(
  body: unknown,
  headers: [string, string][],
  where: string,
  convert: (text: string, where: string) => string,
  ctx: ImportContext,
): ImportedBody | undefined {
  if (!isObject(body)) return undefined
  const mimeType = stringOf(body.mimeType) ?? ''
  const setContentType = () => {
    if (mimeType && !headers.some(([name]) => name.toLowerCase() === 'content-type')) {
      headers.push(['Content-Type', mimeType])
    }
  }
  const params = arrayOf(body.params)
    .filter(isObject)
    .filter((param) => param.disabled !== true)
  if (mimeType === 'multipart/form-data') {
    return {
      multipart: params.map((param) => {
        const name = convert(stringOf(param.name) ?? '', where)
        if (param.type !== 'file') return { name, value: convert(stringOf(param.value) ?? '', where) }
        const file = stringOf(param.fileName) ?? ''
        ctx.report.push({ source: where, message: `The file ${file || '(none)'} of part ${name} was not imported.` })
        return { name, filename: file.split(/[\\/]/).pop() || name }
      }),
    }
  }
  if (mimeType === 'application/x-www-form-urlencoded') {
    setContentType()
    return {
      form: params.map((param): [string, string] => [
        convert(stringOf(param.name) ?? '', where),
        convert(stringOf(param.value) ?? '', where),
      ]),
    }
  }
  const text = stringOf(body.text)
  if (text === undefined) return undefined
  setContentType()
  return convert(text, where)
}

function readAuth(auth: unknown, where: string, ctx: ImportContext): SavedAuth | undefined {
  if (!isObject(auth) || auth.type === undefined || auth.disabled === true) return undefined
  const value = (key: string, secretName: string) => credentialValue(stringOf(auth[key]) ?? '', secretName, ctx.secrets)
  const type = stringOf(auth.type) ?? ''
  switch (type) {
    case 'none':
      return { mode: 'none' }
    case 'bearer':
      return { mode: 'own', config: { type: 'bearer', token: value('token', 'token') } }
    case 'basic':
      return {
        mode: 'own',
        config: { type: 'basic', username: value('username', 'username'), password: value('password', 'password') },
      }
    case 'apikey':
      return {
        mode: 'own',
        config: {
          type: 'apikey',
          key: fromMustache(stringOf(auth.key) ?? 'X-API-Key').text,
          value: value('value', 'api_key'),
          location: auth.addTo === 'queryParams' ? 'query' : 'header',
        },
      }
    default:
      ctx.report.push({ source: where, message: `Insomnia ${type} auth has no counterpart; left out.` })
      return undefined
  }
}
