/**
 * `--env`, `--env-file` and `--var`: the environment a call runs in, read from the workbench's `environments.json`,
 * with variables from a file and the command line laid over its own (the command line wins).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Environment } from '@wirebench/auth'
import { CliFailure } from '../failure.js'

export interface EnvironmentFlags {
  env?: string
  envFile?: string
  var?: string[]
  configDir: string
}

export interface CallEnvironment {
  environment: Environment | null
  /** Variables whose values are secrets (all of a saved environment's; none of the command line's alone). */
  secretVariables?: string[]
  /**
   * Variables whose values `-v` masks though they bind to no host: every --env-file and --var value (a token passed
   * on the command line is as secret as one saved in an environment).
   */
  maskedVariables?: string[]
}

const assignment = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*?)\s*$/

function unquote(value: string): string {
  const quoted = /^(['"])(.*)\1$/.exec(value)
  return quoted ? quoted[2]! : value
}

/** `NAME=value` lines (dotenv style: blank lines and `#` comments skipped, quotes removed). */
export function parseEnvFile(text: string, file: string): Record<string, string> {
  const vars: Record<string, string> = {}
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '' || line.trim().startsWith('#')) return
    const match = assignment.exec(line)
    if (!match) {
      throw CliFailure.usage(
        `--env-file ${file}, line ${index + 1}: expected NAME=value, found "${line.trim().slice(0, 60)}".`,
      )
    }
    vars[match[1]!] = unquote(match[2]!)
  })
  return vars
}

export function parseVarFlag(text: string): [string, string] {
  const at = text.indexOf('=')
  const name = at > 0 ? text.slice(0, at).trim() : ''
  if (name === '' || /[\s${}]/.test(name)) {
    throw CliFailure.usage(
      `--var "${text}" is not name=value.`,
      'Write --var name=value; the name is what ${name} uses.',
    )
  }
  return [name, text.slice(at + 1)]
}

async function readText(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read'
    throw CliFailure.usage(`${what} ${file} ${reason}.`)
  }
}

async function savedEnvironment(name: string, configDir: string): Promise<Environment> {
  const file = join(configDir, 'environments.json')
  const text = await readText(file, 'The environments file')
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw CliFailure.usage(
      `${file} is not JSON.`,
      'Fix it in an editor, or save the environments again from the workbench page (wirebench, then the environment menu).',
    )
  }
  // Loaded only when an environment is named: a call without one never pays for the auth package.
  const { parseEnvironmentsDocument } = await import('@wirebench/auth')
  const parsed = parseEnvironmentsDocument(json)
  if (!parsed.ok) {
    const first = parsed.issues[0]
    throw CliFailure.usage(`${file} is not a valid environments document: ${first?.path ?? ''} ${first?.message ?? ''}`)
  }
  const { environments } = parsed.document
  const found = environments.find((env) => env.name === name) ?? environments.find((env) => env.id === name)
  if (!found) {
    const names = environments.map((env) => `"${env.name}"`).join(', ') || 'none'
    throw CliFailure.usage(`No environment "${name}" in ${file}.`, `Environments there: ${names}.`)
  }
  if (found.auth.type === 'oauth2_ac') {
    throw CliFailure.usage(
      `Environment "${found.name}" uses OAuth 2.0 authorization code, which needs a browser to sign in.`,
      'Call it from the workbench UI (wirebench --url …), or give the environment client credentials or a bearer token for the command line.',
    )
  }
  return found
}

/** The environment of a call: `null` when no flag names one and no variable is given. */
export async function loadCallEnvironment(flags: EnvironmentFlags): Promise<CallEnvironment> {
  const fileVars = flags.envFile ? parseEnvFile(await readText(flags.envFile, '--env-file'), flags.envFile) : {}
  const lineVars = Object.fromEntries((flags.var ?? []).map(parseVarFlag))
  const overrides = { ...fileVars, ...lineVars }
  if (flags.env !== undefined) {
    const saved = await savedEnvironment(flags.env, flags.configDir)
    return {
      environment: { ...saved, vars: { ...saved.vars, ...overrides } },
      maskedVariables: Object.keys(overrides),
    }
  }
  if (Object.keys(overrides).length === 0) return { environment: null }
  // Variables alone carry no credentials of a saved environment: nothing to bind to hosts.
  const { DEFAULT_TRUST, emptyHosts } = await import('@wirebench/auth')
  const environment: Environment = {
    id: 'command-line',
    name: 'command line',
    vars: overrides,
    auth: { type: 'none' },
    trust: { ...DEFAULT_TRUST },
    hosts: emptyHosts(),
  }
  return { environment, secretVariables: [], maskedVariables: Object.keys(overrides) }
}
