/**
 * `--help` of every command documents its flags and the exit codes; `wirebench completion bash|zsh|fish` prints a
 * script the shell accepts, and bash's completes commands and flags from it.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../servers/cli/run-cli.js'

const exitCodeLines = [
  /^ {2}0 {2}success$/m,
  /^ {2}1 {2}the call completed with a non-OK status \(HTTP 4xx\/5xx, a gRPC status other than OK, a GraphQL response/m,
  /^ {5}errors, an MCP tool error, a failed hub invocation/m,
  /assertion of a saved request \(--request\) did not pass$/m,
  /^ {2}2 {2}usage error/m,
  /^ {2}3 {2}discovery or connection failure$/m,
  /^ {2}4 {2}timeout$/m,
]

describe('wirebench help and completion', () => {
  let dir: string
  beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'wb-cli-help-'))))
  afterAll(async () => rm(dir, { recursive: true, force: true }))

  it.each([
    [
      'list',
      ['--url <address>', '--protocol <id>', '--json', '--env <name>', '--env-file <file>', '--var <name=value>'],
    ],
    ['describe', ['--url <address>', '<Service[/Method]>', '--json', '--env <name>', '--mcp-config <file>']],
    [
      'call',
      [
        '--url <address>',
        '-d, --data <json|@file|@->',
        '-H, --header <name: value>',
        '--env <name>',
        '--var <name=value>',
        '--env-file <file>',
        '--timeout <seconds>',
        '--request <folder/name>',
        '--protocol <id>',
        '-v, --verbose',
        '--allow-credentials-host <host>',
        '--mcp-config <file>',
        "'mcp@stdio:<cmd>'",
        '{"data": …}',
      ],
    ],
  ])('wirebench %s --help lists its flags and the exit codes', async (command, flags) => {
    const { code, out } = await runCli([command, '--help'])
    expect(code).toBe(0)
    for (const flag of flags) expect(out).toContain(flag)
    for (const line of exitCodeLines) expect(out).toMatch(line)
  })

  it('wirebench --help names the commands and keeps the start flags', async () => {
    const { code, out } = await runCli(['--help'])
    expect(code).toBe(0)
    for (const word of ['list', 'describe', 'call', 'completion', '--demo', '--no-open', '-v, --version']) {
      expect(out).toContain(word)
    }
    expect((await runCli(['completion', '--help'])).out).toMatch(/bash, zsh or fish/)
  })

  it('prints a bash completion that completes commands and each command’s flags', async () => {
    const { code, out } = await runCli(['completion', 'bash'])
    expect(code).toBe(0)
    const script = join(dir, 'wirebench.bash')
    await writeFile(script, out)
    const complete = (words: string[]) =>
      execFileSync(
        'bash',
        [
          '-c',
          `source '${script}'; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _wirebench; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { encoding: 'utf8' },
      )
        .trim()
        .split('\n')
    expect(complete(['wirebench', 'ca'])).toEqual(['call'])
    expect(complete(['wirebench', 'call', '--ti'])).toEqual(['--timeout'])
    expect(complete(['wirebench', 'list', '--j'])).toEqual(['--json'])
    expect(complete(['wirebench', 'completion', 'f'])).toEqual(['fish'])
  })

  it('prints zsh and fish completions naming every command and flag', async () => {
    const zsh = await runCli(['completion', 'zsh'])
    expect(zsh.code).toBe(0)
    expect(zsh.out).toMatch(/^#compdef wirebench$/m)
    expect(zsh.out).toMatch(/call\) compadd -- .*--timeout/)
    const fish = await runCli(['completion', 'fish'])
    expect(fish.code).toBe(0)
    expect(fish.out).toContain('complete -c wirebench -n "__fish_seen_subcommand_from call"')
    expect(fish.out).toMatch(/-l timeout/)
    const unknown = await runCli(['completion', 'tcsh'])
    expect(unknown.code).toBe(2)
    expect(unknown.err).toMatch(/Choose bash, zsh or fish/)
    // Names every object has are no shells either.
    for (const inherited of ['toString', 'constructor', '__proto__']) {
      const refused = await runCli(['completion', inherited])
      expect(refused.code, refused.out).toBe(2)
      expect(refused.out).toBe('')
    }
  })
})
