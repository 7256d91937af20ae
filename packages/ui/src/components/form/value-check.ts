/**
 * Checks a message against its fields. Before sending (`draft`), a `${…}` template stands in for a value of any type;
 * after substitution (`sent`), every value in a typed field is converted to the field's type (`"42"` in an int32 field
 * becomes 42, `"true"` in a bool field true) or named as a problem. The form, the Send gate and the outgoing pipeline
 * share these rules, so what the form accepts is what the call can carry.
 */
import { referencedVariables, substitute, type FieldInfo } from '@wirebench/core'
import { is64BitIntegerType, isBase64, isIntegerType, isJsonObject, isNumericType, itemField } from './field-value.js'
import type { FormFlavor } from './form-flavor.js'
import { durationProblem, timestampProblem, unwrappedField, wellKnownKind } from './well-known.js'

export type CheckStage = 'draft' | 'sent'

export interface FieldProblem {
  /** The field's path as the form names it (`station.battery.percent`, `tags[2]`, `labels.key`). */
  path: string
  message: string
}

export interface CheckOptions {
  flavor: FormFlavor
  stage: CheckStage
  /** At the `sent` stage: the message as written, so a problem can name the template instead of its value. */
  written?: unknown
}

export interface CheckedMessage {
  /** The message with every typed value converted (at the `sent` stage; unchanged values otherwise). */
  value: Record<string, unknown>
  problems: FieldProblem[]
}

interface Context {
  flavor: FormFlavor
  stage: CheckStage
  /** Whether nested messages are checked too (the form's rows check only their own value). */
  deep: boolean
  problems: FieldProblem[]
}

type Converted = { ok: true; value: unknown } | { ok: false; expected: string }

/** True for a string holding a `${…}` reference (escaped `$${` does not count). */
export function isTemplate(value: unknown): value is string {
  return typeof value === 'string' && value.includes('${') && referencedVariables(value).length > 0
}

export function checkMessage(
  fields: readonly FieldInfo[],
  value: Record<string, unknown>,
  options: CheckOptions,
): CheckedMessage {
  const ctx: Context = { flavor: options.flavor, stage: options.stage, deep: true, problems: [] }
  const checked = checkFields(fields, value, options.written, '', ctx)
  return { value: checked, problems: ctx.problems }
}

/** The problems of one field's own value (not of the fields of a nested message, which have rows of their own). */
export function fieldProblems(field: FieldInfo, value: unknown, path: string, flavor: FormFlavor): FieldProblem[] {
  const ctx: Context = { flavor, stage: 'draft', deep: false, problems: [] }
  checkField(field, value, undefined, path, ctx)
  return ctx.problems
}

function checkFields(
  fields: readonly FieldInfo[],
  value: Record<string, unknown>,
  written: unknown,
  path: string,
  ctx: Context,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const writtenObject = isJsonObject(written) ? written : {}
  const byName = new Map(fields.map((f) => [f.name, f]))
  for (const [key, child] of Object.entries(value)) {
    const field = byName.get(key)
    const childPath = path ? `${path}.${key}` : key
    // Keys the method does not declare travel as written; the plugin decides what to do with them.
    const next = field ? checkField(field, child, writtenObject[key], childPath, ctx) : child
    Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true })
  }
  checkOneofs(fields, value, path, ctx)
  return out
}

/** A protobuf oneof carries one member at most (proto3 optional's synthetic `_name` oneofs have one member anyway). */
function checkOneofs(fields: readonly FieldInfo[], value: Record<string, unknown>, path: string, ctx: Context): void {
  const setMembers = new Map<string, string[]>()
  for (const field of fields) {
    if (!field.oneofName || value[field.name] === undefined || value[field.name] === null) continue
    setMembers.set(field.oneofName, [...(setMembers.get(field.oneofName) ?? []), field.name])
  }
  for (const [name, members] of setMembers) {
    if (members.length < 2) continue
    ctx.problems.push({
      path: path ? `${path}.${name}` : name,
      message: `only one of ${members.join(', ')} may be set (they are the oneof ${name})`,
    })
  }
}

function checkField(field: FieldInfo, value: unknown, written: unknown, path: string, ctx: Context): unknown {
  if (value === undefined || value === null) return value
  if (field.isMap || field.isRepeated) {
    const shape = field.isMap ? 'object' : 'list'
    const whole = wholeTemplate(value, written, shape, ctx)
    if (whole === 'template') return value
    if (whole !== undefined && !whole.ok) return report(ctx, path, value, written, whole.expected)
    const actual = whole?.value ?? value
    const item = itemField(field)
    if (field.isMap) {
      if (!isJsonObject(actual)) return report(ctx, path, value, written, `an object of entries (${mapName(field)})`)
      const writtenMap = isJsonObject(written) ? written : {}
      const out: Record<string, unknown> = {}
      for (const [key, entry] of Object.entries(actual)) {
        const next = checkField(item, entry, writtenMap[key], `${path}.${key}`, ctx)
        Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true })
      }
      return out
    }
    if (!Array.isArray(actual)) return report(ctx, path, value, written, 'a list')
    const writtenList = Array.isArray(written) ? written : []
    return actual.map((entry, index) => checkField(item, entry, writtenList[index], `${path}[${index}]`, ctx))
  }
  if (field.type === 'message' && !wellKnownKind(field)) return checkMessageValue(field, value, written, path, ctx)
  if (ctx.stage === 'draft' && isTemplate(value)) return value
  const converted = convertScalar(field, value, ctx)
  return converted.ok ? converted.value : report(ctx, path, value, written, converted.expected)
}

function checkMessageValue(field: FieldInfo, value: unknown, written: unknown, path: string, ctx: Context): unknown {
  const fields = field.messageType?.fields ?? []
  // Messages cut at the recursion cap (and free-form objects) are edited as raw JSON: any value goes.
  if (fields.length === 0 || field.messageType?.truncated) return value
  const whole = wholeTemplate(value, written, 'object', ctx)
  if (whole === 'template') return value
  if (whole !== undefined && !whole.ok) return report(ctx, path, value, written, whole.expected)
  const actual = whole?.value ?? value
  if (!isJsonObject(actual))
    return report(ctx, path, value, written, `an object (${field.messageType?.name ?? 'message'})`)
  return ctx.deep ? checkFields(fields, actual, written, path, ctx) : actual
}

/**
 * A template standing for a whole list, map or message (`"tags": "${tags}"` in the JSON editor): fine before
 * sending; after substitution its text must be JSON of that shape.
 */
function wholeTemplate(
  value: unknown,
  written: unknown,
  shape: 'list' | 'object',
  ctx: Context,
): 'template' | Converted | undefined {
  if (typeof value !== 'string') return undefined
  if (ctx.stage === 'draft') return isTemplate(value) ? 'template' : undefined
  if (!isTemplate(written)) return undefined
  const expected = shape === 'list' ? 'a JSON list' : 'a JSON object'
  try {
    const parsed: unknown = JSON.parse(value)
    const fits = shape === 'list' ? Array.isArray(parsed) : isJsonObject(parsed)
    return fits ? { ok: true, value: parsed } : { ok: false, expected }
  } catch {
    return { ok: false, expected }
  }
}

function convertScalar(field: FieldInfo, value: unknown, ctx: Context): Converted {
  switch (wellKnownKind(field)) {
    case 'timestamp':
      return checkedText(value, timestampProblem, 'an RFC 3339 timestamp (e.g. 2024-05-01T12:00:00Z)')
    case 'duration':
      return checkedText(value, durationProblem, 'a duration in seconds (e.g. 1.5s)')
    case 'field-mask':
      return typeof value === 'string' ? { ok: true, value } : { ok: false, expected: 'comma-separated paths' }
    case 'wrapper':
      return convertScalar(unwrappedField(field), value, ctx)
    case 'empty':
      return isJsonObject(value) ? { ok: true, value } : { ok: false, expected: 'an empty object' }
    case 'json':
      return { ok: true, value }
    case undefined:
      break
  }
  if (ctx.flavor === 'proto3' && (field.isBinary || field.type === 'bytes')) {
    return typeof value === 'string' && isBase64(value.trim())
      ? { ok: true, value: value.trim() }
      : { ok: false, expected: 'base64 bytes' }
  }
  // REST file parts are `{filename, data}` or plain base64, built by the file input.
  if (field.isBinary) return { ok: true, value }
  if (isNumericType(field.type)) return convertNumber(field, value, ctx.flavor)
  if (field.type === 'bool') {
    if (typeof value === 'boolean') return { ok: true, value }
    if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' }
    return { ok: false, expected: 'true or false' }
  }
  if (field.type === 'enum') return convertEnum(field, value, ctx)
  if ((field.type === 'string' || field.type === 'bytes') && typeof value === 'object') {
    return { ok: false, expected: 'text' }
  }
  return { ok: true, value }
}

function checkedText(value: unknown, problem: (text: string) => string | null, expected: string): Converted {
  return typeof value === 'string' && problem(value) === null ? { ok: true, value } : { ok: false, expected }
}

const integerRanges: Partial<Record<FieldInfo['type'], readonly [bigint, bigint]>> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  sint32: [-(2n ** 31n), 2n ** 31n - 1n],
  sfixed32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  fixed32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  sint64: [-(2n ** 63n), 2n ** 63n - 1n],
  sfixed64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
  fixed64: [0n, 2n ** 64n - 1n],
}

function convertNumber(field: FieldInfo, value: unknown, flavor: FormFlavor): Converted {
  const type = field.type
  if (isIntegerType(type)) {
    const text = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : '') : String(value).trim()
    if ((typeof value !== 'number' && typeof value !== 'string') || !/^-?\d+$/.test(text)) {
      return { ok: false, expected: `a whole number (${type})` }
    }
    const range = integerRanges[type]
    if (range && (BigInt(text) < range[0] || BigInt(text) > range[1])) {
      return { ok: false, expected: `a whole number from ${range[0]} to ${range[1]} (${type})` }
    }
    const n = Number(text)
    // Canonical proto3 JSON writes 64-bit integers as strings; plain JSON keeps numbers while they are exact.
    if (flavor === 'proto3' && is64BitIntegerType(type)) return { ok: true, value: text }
    return { ok: true, value: Number.isSafeInteger(n) ? n : text }
  }
  if (typeof value === 'number') return { ok: true, value }
  const text = typeof value === 'string' ? value.trim() : ''
  const special = /^(-?Infinity|NaN)$/.test(text)
  // proto3 JSON spells the special values as strings; plain JSON has no way to carry them.
  if (special && flavor === 'proto3') return { ok: true, value: text }
  if (!special && /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return { ok: true, value: Number(text) }
  return { ok: false, expected: `a number (${type})` }
}

function convertEnum(field: FieldInfo, value: unknown, ctx: Context): Converted {
  const values = field.enumValues ?? []
  if (values.length === 0) return { ok: true, value }
  if (typeof value === 'string') {
    // Before sending, an escaped name (`$${…}`, as a document's values are filled in) is compared as the text it sends.
    const literal = ctx.stage === 'draft' ? substitute(value).value : value
    if (values.some((v) => v.name === literal)) return { ok: true, value }
  }
  if (typeof value === 'number') {
    if (ctx.flavor === 'proto3' && values.some((v) => v.number === value)) return { ok: true, value }
    if (ctx.flavor === 'json' && values.some((v) => v.name === String(value))) return { ok: true, value }
  }
  return { ok: false, expected: `one of ${allowedList(values.map((v) => v.name))}` }
}

const MAX_LISTED = 12

/** The allowed values, as many as stay readable. */
export function allowedList(names: readonly string[]): string {
  if (names.length <= MAX_LISTED) return names.join(', ')
  return `${names.slice(0, MAX_LISTED).join(', ')}, … (${names.length} in all)`
}

function mapName(field: FieldInfo): string {
  return `map<${field.mapKeyType ?? 'string'}, ${field.mapValueType ?? 'string'}>`
}

function report(ctx: Context, path: string, value: unknown, written: unknown, expected: string): unknown {
  ctx.problems.push({ path, message: problemText(value, written, expected, ctx.stage) })
  return value
}

function problemText(value: unknown, written: unknown, expected: string, stage: CheckStage): string {
  if (stage === 'sent' && isTemplate(written)) {
    // The substituted value is not repeated: it may hold a secret.
    const unknown = referencedVariables(written).filter(
      (name) => typeof value === 'string' && value.includes(`\${${name}}`),
    )
    if (unknown.length > 0) {
      const names = unknown.map((n) => `\${${n}}`).join(', ')
      return `${names} ${unknown.length === 1 ? 'is' : 'are'} not defined in the active environment (this field needs ${expected})`
    }
    return `${shorten(written)} does not give ${expected} after substitution`
  }
  return `${shown(value)} is not ${expected}`
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object' && value !== null) return 'an object'
  return shorten(JSON.stringify(value))
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}
