/**
 * An elicitation's `requestedSchema` (a flat object of primitives, as the MCP spec restricts it) as form fields, and
 * the typed values the user's answers become. Text the server sent is shown as data, never interpreted.
 */

export interface ElicitationField {
  name: string
  label: string
  description?: string
  type: 'string' | 'number' | 'integer' | 'boolean'
  enumValues?: string[]
  required: boolean
  defaultValue?: string | number | boolean
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

export function elicitationFields(schema: unknown): ElicitationField[] {
  const root = asRecord(schema)
  const required = Array.isArray(root.required) ? root.required.filter((r): r is string => typeof r === 'string') : []
  return Object.entries(asRecord(root.properties)).map(([name, raw]) => {
    const property = asRecord(raw)
    const type =
      property.type === 'number' || property.type === 'integer' || property.type === 'boolean'
        ? property.type
        : 'string'
    const field: ElicitationField = {
      name,
      label: typeof property.title === 'string' ? property.title : name,
      type,
      required: required.includes(name),
    }
    if (typeof property.description === 'string') field.description = property.description
    const options = Array.isArray(property.enum)
      ? property.enum
      : Array.isArray(property.oneOf)
        ? property.oneOf
        : undefined
    if (options) {
      field.enumValues = options
        .map((o) => (typeof o === 'string' ? o : asRecord(o).const))
        .filter((o): o is string => typeof o === 'string')
    }
    const fallback = property.default
    if (typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean') {
      field.defaultValue = fallback
    }
    return field
  })
}

/** The answer's `content`: typed values for the fields filled in; empty optional fields are left out. */
export function elicitationContent(
  fields: readonly ElicitationField[],
  values: Readonly<Record<string, string | boolean>>,
): { content: Record<string, string | number | boolean>; missing: string[] } {
  const content: Record<string, string | number | boolean> = {}
  const missing: string[] = []
  for (const field of fields) {
    const value = values[field.name]
    if (field.type === 'boolean') {
      if (typeof value === 'boolean') content[field.name] = value
      else if (field.required) missing.push(field.label)
      continue
    }
    const text = typeof value === 'string' ? value.trim() : ''
    if (text === '') {
      if (field.required) missing.push(field.label)
      continue
    }
    if (field.type === 'number' || field.type === 'integer') {
      const number = Number(text)
      if (!Number.isFinite(number) || (field.type === 'integer' && !Number.isInteger(number))) {
        missing.push(`${field.label} (${field.type === 'integer' ? 'a whole number' : 'a number'})`)
      } else content[field.name] = number
    } else content[field.name] = text
  }
  return { content, missing }
}
