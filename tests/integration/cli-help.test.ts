/**
 * `--help` of every command documents its flags and the exit codes; usage errors (an unknown command, a bad
 * --timeout, a plugin path that is not there) exit 2 saying what to write; `wirebench completion bash|zsh|fish`
 * prints a script, and bash's completes commands, subcommands, flags and flag values from it.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
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

/** `list` and `describe` call nothing: no exit 1, and 4 is discovery running out of time. */
const discoveryExitCodeLines = [
  /^ {2}0 {2}success$/m,
  /^ {2}2 {2}usage error/m,
  /^ {2}3 {2}discovery or connection failure: nothing was found at any --url$/m,
  /^ {2}4 {2}timeout: discovery ran out of time \(--timeout\)$/m,
]

describe('wirebench help and completion', () => {
  let dir: string
  beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'wb-cli-help-'))))
  afterAll(async () => rm(dir, { recursive: true, force: true }))

  it.each([
    [
      'list',
      [
        '--url <address>',
        '--protocol <id>',
        '--json',
        '--env <name>',
        '--env-file <file>',
        '--var <name=value>',
        '-v, --verbose',
        '--timeout <seconds>',
      ],
    ],
    [
      'describe',
      [
        '--url <address>',
        '<Service[/Method]>',
        '--json',
        '--env <name>',
        '--mcp-config <file>',
        '-v, --verbose',
        '--timeout <seconds>',
      ],
    ],
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
    if (command === 'call') for (const line of exitCodeLines) expect(out).toMatch(line)
    else {
      for (const line of discoveryExitCodeLines) expect(out).toMatch(line)
      expect(out).not.toMatch(/^ {2}1 {2}/m)
    }
  })

  it('gives every command that talks to a service the same -v', async () => {
    for (const command of ['list', 'describe', 'call', 'bench']) {
      expect((await runCli([command, '--help'])).out, command).toMatch(
        /-v, --verbose +print every discovery attempt that found\s+nothing/,
      )
    }
  })

  it('says what --timeout bounds: discovery, then the call', async () => {
    expect((await runCli(['call', '--help'])).out).toMatch(
      /--timeout <seconds> +bounds discovery \(default 15 s\), then\s+the\s+call/,
    )
    expect((await runCli(['list', '--help'])).out).toMatch(/--timeout <seconds> +give up on discovery after this long/)
  })

  it('refuses an unknown command by name, suggests the nearest and lists the commands (exit 2)', async () => {
    const frob = await runCli(['frob'])
    expect(frob.code).toBe(2)
    expect(frob.err).toMatch(
      /^wirebench: unknown command 'frob'\.\n {2}Commands: list, describe, call, bench, plugin, completion /,
    )
    expect(frob.err).not.toMatch(/too many arguments/)
    // `help` is no unknown command: it prints the help of the one named.
    const help = await runCli(['help', 'call'])
    expect(help.code).toBe(0)
    expect(help.out).toMatch(/^Usage: wirebench call /)
    const typo = await runCli(['lsit', '--url', 'http://127.0.0.1:1'])
    expect(typo.code).toBe(2)
    expect(typo.err).toMatch(/^wirebench: unknown command 'lsit'\. Did you mean 'list'\?/)
  })

  it.each(['0', '-1', 'abc', '601', ''])(
    'refuses --timeout %j saying which values it takes (exit 2)',
    async (value) => {
      const result = await runCli(['list', '--url', 'http://127.0.0.1:1', '--timeout', value, '--config-dir', dir])
      expect(result.code).toBe(2)
      expect(result.err).toMatch(
        /give seconds, more than 0 and at most 600\.\n {2}Write --timeout 5, or --timeout 0\.5/,
      )
    },
  )

  it('answers plugin install and remove of something that is not there with a usage error (exit 2)', async () => {
    const missing = join(dir, 'no-such-plugin')
    const install = await runCli(['plugin', 'install', missing, '--config-dir', dir])
    expect(install.code).toBe(2)
    expect(install.err).toMatch(
      /^wirebench: plugin install: .*no-such-plugin does not exist\.\n {2}Give a plugin directory/,
    )
    const remove = await runCli(['plugin', 'remove', 'dev.example.nothing', '--config-dir', dir])
    expect(remove.code).toBe(2)
    expect(remove.err).toMatch(/No plugin dev\.example\.nothing is installed.*\n {2}wirebench plugin list shows/)
  })

  it('wirebench --help names the commands and keeps the start flags', async () => {
    const { code, out } = await runCli(['--help'])
    expect(code).toBe(0)
    for (const word of ['list', 'describe', 'call', 'completion', '--demo', '--no-open', '-v, --version']) {
      expect(out).toContain(word)
    }
    // The root's flags start the workbench; every protocol is named, and the terminal commands.
    expect(out).toMatch(/^Options to start the workbench \(each command has its own: wirebench <command> --help\):$/m)
    expect(out.replace(/\s+/g, ' ')).toContain('REST, gRPC, GraphQL, SSE, WebSocket, SignalR and MCP services')
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
    // The visible root flags, not the hidden --ui-dir.
    const root = complete(['wirebench', '--'])
    expect(root).toEqual(expect.arrayContaining(['--demo', '--no-open', '--config-dir', '--mcp-config', '--workspace']))
    expect(root).not.toContain('--ui-dir')
    // Root flags' values: a directory for --config-dir, and the word after the value is the command.
    await mkdir(join(dir, 'config-here'), { recursive: true })
    expect(complete(['wirebench', '--config-dir', join(dir, 'config-h')])).toEqual([join(dir, 'config-here')])
    expect(complete(['wirebench', '--config-dir', dir, 'ca'])).toEqual(['call'])
    expect(complete(['wirebench', '--port', '0', 'pl'])).toEqual(['plugin'])
    // A value that is no file gets no file names.
    expect(complete(['wirebench', 'call', '--timeout', ''])).toEqual([''])
    // The plugin subcommands and their flags.
    expect(complete(['wirebench', 'plugin', ''])).toEqual(['list', 'install', 'remove', '--help', '-h'])
    expect(complete(['wirebench', 'plugin', 'install', '--f'])).toEqual(['--force'])
    expect(complete(['wirebench', 'plugin', 'list', '--'])).toEqual([
      '--json',
      '--config-dir',
      '--plugin-dir',
      '--help',
    ])
  })

  // Neither zsh nor fish is installed on the machines these tests run on: the generated text is checked line by line.
  it('prints zsh and fish completions naming every command, subcommand and flag (text checked: no zsh or fish here)', async () => {
    const zsh = await runCli(['completion', 'zsh'])
    expect(zsh.code).toBe(0)
    expect(zsh.out).toMatch(/^#compdef wirebench$/m)
    expect(zsh.out).toMatch(/'call'\) compadd -- .*--timeout/)
    expect(zsh.out).toMatch(/^ {4}'plugin'\) compadd -- list install remove /m)
    expect(zsh.out).toMatch(/^ {4}--config-dir\) _files -\/; return ;;$/m)
    expect(zsh.out).not.toContain('--ui-dir')
    const fish = await runCli(['completion', 'fish'])
    expect(fish.code).toBe(0)
    const fishLines = fish.out.split('\n')
    const fishLine = (condition: string, flag: string) =>
      fishLines.find((line) => line.startsWith(`complete -c wirebench -n '${condition}' ${flag} `))
    const call = '__fish_seen_subcommand_from call; and not __fish_seen_subcommand_from plugin'
    // Values that are no file: -x (a value, no file names); flags without a value: -f; paths: -r -F or directories.
    expect(fishLine(call, '-l timeout')).toMatch(/ -x -d /)
    expect(fishLine(call, '-l url')).toMatch(/ -x -d /)
    expect(fishLine(call, '-l verbose -s v')).toMatch(/ -f -d /)
    expect(fishLine(call, '-l env-file')).toMatch(/ -r -F -d /)
    expect(fishLine(call, '-l config-dir')).toMatch(/ -x -a '\(__fish_complete_directories\)' /)
    expect(fishLine('__fish_use_subcommand', '-l demo')).toMatch(/ -f -d /)
    expect(fishLine('__fish_use_subcommand', '-l port')).toMatch(/ -x -d /)
    expect(fish.out).toContain(
      "complete -c wirebench -n '__fish_seen_subcommand_from plugin; and not __fish_seen_subcommand_from list install remove' -a 'list install remove'",
    )
    expect(
      fishLine('__fish_seen_subcommand_from plugin; and __fish_seen_subcommand_from install', '-l force'),
    ).toBeDefined()
    expect(fish.out).not.toContain('ui-dir')
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
