/** Pure edits of the environment document (each returns a new document, never mutates the old one). */
import {
  DEFAULT_TRUST,
  ENVIRONMENTS_VERSION,
  emptyHosts,
  type Environment,
  type EnvironmentsDocument,
} from '@wirebench/auth'

export function emptyDocument(): EnvironmentsDocument {
  return { version: ENVIRONMENTS_VERSION, environments: [], activeEnvironmentId: null }
}

function newId(doc: EnvironmentsDocument): string {
  const taken = new Set(doc.environments.map((env) => env.id))
  for (;;) {
    const id = `env-${globalThis.crypto.randomUUID().slice(0, 8)}`
    if (!taken.has(id)) return id
  }
}

/** The name itself when free, else `name 2`, `name 3`…, so the dropdown never shows two identical entries. */
export function uniqueName(doc: EnvironmentsDocument, wanted: string, exceptId?: string): string {
  const base = wanted.trim() || 'Environment'
  const names = new Set(doc.environments.filter((env) => env.id !== exceptId).map((env) => env.name))
  if (!names.has(base)) return base
  for (let n = 2; ; n++) if (!names.has(`${base} ${n}`)) return `${base} ${n}`
}

export function newEnvironmentIn(doc: EnvironmentsDocument, name: string): EnvironmentsDocument {
  const env: Environment = {
    id: newId(doc),
    name: uniqueName(doc, name),
    vars: {},
    auth: { type: 'none' },
    trust: { ...DEFAULT_TRUST },
    hosts: emptyHosts(),
  }
  return { ...doc, environments: [...doc.environments, env], activeEnvironmentId: env.id }
}

export function patchEnvironment(
  doc: EnvironmentsDocument,
  id: string,
  patch: Partial<Omit<Environment, 'id'>>,
): EnvironmentsDocument {
  if (!doc.environments.some((env) => env.id === id)) return doc
  const next = patch.name === undefined ? patch : { ...patch, name: uniqueName(doc, patch.name, id) }
  return { ...doc, environments: doc.environments.map((env) => (env.id === id ? { ...env, ...next } : env)) }
}

/** Copies an environment (variables and auth included) right after the original and makes the copy active. */
export function duplicateEnvironment(doc: EnvironmentsDocument, id: string): EnvironmentsDocument {
  const index = doc.environments.findIndex((env) => env.id === id)
  const original = doc.environments[index]
  if (!original) return doc
  const copy: Environment = {
    id: newId(doc),
    name: uniqueName(doc, `${original.name} copy`),
    vars: { ...original.vars },
    auth: structuredClone(original.auth),
    trust: { ...DEFAULT_TRUST, ...original.trust },
    // The copy's credentials are its own: where they may go is decided again.
    hosts: emptyHosts(),
  }
  const environments = [...doc.environments]
  environments.splice(index + 1, 0, copy)
  return { ...doc, environments, activeEnvironmentId: copy.id }
}

/** Removes an environment; when it was active, no environment is active afterwards (no credentials are sent). */
export function removeEnvironment(doc: EnvironmentsDocument, id: string): EnvironmentsDocument {
  if (!doc.environments.some((env) => env.id === id)) return doc
  return {
    ...doc,
    environments: doc.environments.filter((env) => env.id !== id),
    activeEnvironmentId: doc.activeEnvironmentId === id ? null : doc.activeEnvironmentId,
  }
}
