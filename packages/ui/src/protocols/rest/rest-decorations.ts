/** REST looks: verb badges, and the colour and tag of each field by where it travels (path, query, header, body). */
import type { FieldInfo, FieldSource, MethodInfo } from '@wirebench/core'
import type { BadgeTone } from '../../components/MethodBadge.js'
import type { FieldDecoration } from '../../components/form/form-decoration.js'

const verbTones: Record<string, BadgeTone> = {
  GET: 'get',
  POST: 'post',
  PUT: 'put',
  PATCH: 'patch',
  DELETE: 'delete',
}

export function verbBadge(method: MethodInfo): { label: string; tone: BadgeTone } {
  const verb = (method.httpMethod ?? 'GET').toUpperCase()
  return { label: verb === 'DELETE' ? 'DEL' : verb === 'OPTIONS' ? 'OPT' : verb, tone: verbTones[verb] ?? 'other' }
}

const sourceLooks: Record<FieldSource, FieldDecoration> = {
  path: { accent: 'var(--src-path)', tag: 'path', tagTitle: 'Substituted into the URL path' },
  query: { accent: 'var(--src-query)', tag: 'query', tagTitle: 'Sent in the query string' },
  header: { accent: 'var(--src-header)', tag: 'header', tagTitle: 'Sent as a request header' },
  body: { accent: 'var(--src-body)', tag: 'body', tagTitle: 'Sent in the request body' },
}

/** Top-level fields carry their source; nested body fields inherit the body colour without repeating the tag. */
export function decorateRestField(field: FieldInfo, depth: number): FieldDecoration | undefined {
  if (depth > 0) return { accent: sourceLooks.body.accent }
  return field.source ? sourceLooks[field.source] : undefined
}
