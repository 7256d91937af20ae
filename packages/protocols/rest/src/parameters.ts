/** Operation parameters: path-level and operation-level merged (operation wins), `$ref`s followed, cookies skipped. */
import type { FieldInfo, FieldSource, ParameterStyle } from '@wirebench/core'
import type { SpecVersion } from './parse-document.js'
import type { RefResolver } from './refs.js'
import type { SchemaWalker } from './schema-walker.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

export function collectParameters(pathItem: JsonObject, operation: JsonObject, refs: RefResolver): JsonObject[] {
  const byKey = new Map<string, JsonObject>()
  for (const list of [pathItem['parameters'], operation['parameters']]) {
    if (!Array.isArray(list)) continue
    for (const raw of list) {
      const param = refs.deref(raw).value
      if (isObject(param) && typeof param['name'] === 'string' && typeof param['in'] === 'string') {
        byKey.set(`${param['in']}:${param['name']}`, param)
      }
    }
  }
  return [...byKey.values()]
}

const fieldSources: Record<string, FieldSource | undefined> = { path: 'path', query: 'query', header: 'header' }

/**
 * A FieldInfo for a path, query or header parameter; undefined for cookie parameters (no wire source for them in
 * the field model) and for Swagger 2.0 `body`/`formData`, which become body fields.
 */
export function parameterField(
  param: JsonObject,
  version: SpecVersion,
  walker: SchemaWalker,
  number: number,
  owner: { truncated: boolean },
): FieldInfo | undefined {
  const source = fieldSources[String(param['in'])]
  if (!source) return undefined
  const name = String(param['name'])
  const field = walker.field(
    {
      name,
      schema: version === '2.0' ? swaggerParamSchema(param) : parameterSchema(param),
      // Path parameters are always required, whatever the document says.
      required: source === 'path' || param['required'] === true,
      description: typeof param['description'] === 'string' ? param['description'] : undefined,
      example: param['example'] ?? firstExample(param['examples']),
      deprecated: param['deprecated'] === true,
      source,
    },
    number,
    0,
    owner,
  )
  if (field) Object.assign(field, serializationOf(param, version, source))
  return field
}

const stylesBySource: Record<string, readonly ParameterStyle[]> = {
  query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
  path: ['simple', 'label', 'matrix'],
  header: ['simple'],
}

/** Swagger 2.0's query `collectionFormat` as the OpenAPI 3 style it stands for (`tsv` has none). */
const collectionFormats: Record<string, Pick<FieldInfo, 'style' | 'explode'> | undefined> = {
  csv: { style: 'form', explode: false },
  ssv: { style: 'spaceDelimited', explode: false },
  pipes: { style: 'pipeDelimited', explode: false },
  multi: { style: 'form', explode: true },
}

/** The `style` and `explode` the document states for the parameter (nothing when it states none, or a wrong one). */
function serializationOf(
  param: JsonObject,
  version: SpecVersion,
  source: FieldSource,
): Pick<FieldInfo, 'style' | 'explode'> {
  if (version === '2.0') {
    const format = param['collectionFormat']
    return source === 'query' && typeof format === 'string' ? (collectionFormats[format] ?? {}) : {}
  }
  const out: Pick<FieldInfo, 'style' | 'explode'> = {}
  const style = param['style']
  if (typeof style === 'string' && stylesBySource[source]?.includes(style as ParameterStyle)) {
    out.style = style as ParameterStyle
  }
  if (typeof param['explode'] === 'boolean') out.explode = param['explode']
  return out
}

/** 3.x: `schema`, or the schema of the single `content` entry. */
function parameterSchema(param: JsonObject): unknown {
  if (param['schema'] !== undefined) return param['schema']
  const content = param['content']
  if (!isObject(content)) return {}
  const first = Object.values(content)[0]
  return isObject(first) ? first['schema'] : {}
}

/** Swagger 2.0 non-body parameters carry their schema keywords inline. */
export function swaggerParamSchema(param: JsonObject): JsonObject {
  const schema: JsonObject = {}
  for (const key of ['type', 'format', 'items', 'enum', 'default', 'minimum', 'maximum', 'pattern']) {
    if (param[key] !== undefined) schema[key] = param[key]
  }
  return schema
}

function firstExample(examples: unknown): unknown {
  if (!isObject(examples)) return undefined
  const first = Object.values(examples)[0]
  return isObject(first) ? first['value'] : undefined
}
