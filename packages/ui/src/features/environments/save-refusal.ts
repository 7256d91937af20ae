/**
 * Where a refused environment save points: each validation issue (a JSON Pointer into the document, from the
 * isomorphic validator or the server's problem) read as an environment, the tab of the editor that holds the field,
 * and the field in words, so the editor can open that tab and mark that row.
 */
import type { DocumentIssue, EnvironmentsDocument } from '@wirebench/auth'

export type EnvironmentPart = 'name' | 'variables' | 'auth' | 'trust' | 'hosts'

export interface RefusedField {
  path: string
  message: string
  environmentId?: string
  environmentName?: string
  /** The editor tab that holds the field. */
  part?: EnvironmentPart
  /** The variable name (`variables`) or host list entry (`hosts`) the issue is about. */
  variable?: string
  hostList?: 'approved' | 'refused'
  hostIndex?: number
  /** `Local demo › Hosts › approved host 1`. */
  label: string
}

const partOf: Record<string, EnvironmentPart> = {
  id: 'name',
  name: 'name',
  vars: 'variables',
  auth: 'auth',
  trust: 'trust',
  hosts: 'hosts',
}

const partLabels: Record<EnvironmentPart, string> = {
  name: 'Name',
  variables: 'Variables',
  auth: 'Auth',
  trust: 'TLS trust',
  hosts: 'Hosts',
}

/** RFC 6901 segments, unescaped. */
function segmentsOf(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** The issue's path relative to the document (the server prefixes `document`). */
function documentPointer(path: string): string {
  return path.startsWith('document/') ? path.slice('document'.length) : path
}

export function locateIssue(issue: DocumentIssue, document: EnvironmentsDocument): RefusedField {
  const path = documentPointer(issue.path)
  const [root, indexText, key, ...rest] = segmentsOf(path)
  const environment = root === 'environments' ? document.environments[Number(indexText)] : undefined
  if (!environment || key === undefined) return { path, message: issue.message, label: path || 'the document' }
  const part = partOf[key]
  const field: RefusedField = {
    path,
    message: issue.message,
    environmentId: environment.id,
    environmentName: environment.name,
    label: environment.name,
  }
  if (!part) return field
  field.part = part
  const words = [environment.name, partLabels[part]]
  if (part === 'variables' && rest[0] !== undefined) {
    field.variable = rest[0]
    words.push(`"${rest[0]}"`)
  } else if (part === 'hosts' && (rest[0] === 'approved' || rest[0] === 'refused')) {
    field.hostList = rest[0]
    if (rest[1] !== undefined) {
      field.hostIndex = Number(rest[1])
      words.push(`${rest[0]} host ${field.hostIndex + 1}`)
    } else words.push(rest[0])
  } else if (rest.length > 0) words.push(rest.join(' › '))
  field.label = words.join(' › ')
  return field
}

export function locateIssues(issues: readonly DocumentIssue[], document: EnvironmentsDocument): RefusedField[] {
  return issues.map((issue) => locateIssue(issue, document))
}
