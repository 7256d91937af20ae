/**
 * The plugins' and the server's reasons and hints in the command line's words. They are written for the workbench
 * page (buttons, tabs, panels, `/api/…` routes, "discover again", `{config_dir}`); a terminal user needs the flag or
 * the command that does the same, and the real path of the config directory.
 */

export interface WordingContext {
  /** The config directory this command reads (`--config-dir`, `$WIREBENCH_HOME`, or the default), resolved. */
  configDir: string
}

type Rewrite = readonly [RegExp, string | ((context: WordingContext, ...groups: string[]) => string)]

const envFlag = '--env <name>'

/**
 * Whole sentences first (where the page's remedy has no command-line counterpart the sentence is replaced), then
 * phrases. Each pattern is one the plugins or the server write; a new UI-only hint needs a line here (the test
 * beside this module lists the phrases that must never reach a terminal).
 */
const rewrites: readonly Rewrite[] = [
  // MCP stdio servers: the page lists the configured ones from a route; the command line reads the files itself.
  [/ See GET \/api\/mcp\/servers for the configured names\./g, ' The configured names are the mcpServers keys there.'],
  [/ \(\/api\/mcp\/servers\)/g, ''],
  [/start the workbench with (--url mcp@stdio:)/g, 'pass $1'],
  [/\{config[_-]dir\}/g, (context) => context.configDir],
  [
    /Get a token from its authorization server \(Connect\), or give the environment a bearer token for it\./g,
    `The command line cannot sign in: give the environment (${envFlag}) a bearer token for it, or pass -H 'Authorization: Bearer <token>' (the workbench page signs in with Connect).`,
  ],
  [
    /Reconnect \(sign in again\)/g,
    "sign in again (Connect on the workbench page) and pass the token with -H 'Authorization: Bearer <token>'",
  ],
  [/Call again: the workbench reconnects\./g, 'Run the command again.'],
  [
    /Open it as a live call \(Connect in the hub pane, or channel\.open on \/api\/ws\)\./g,
    'Call its connection method instead (wirebench call … <hub>/connection).',
  ],
  // Discovery: a time box the user can widen, and a fresh discovery is simply the next run.
  [/ \(VPN, firewall\), then discover again\./g, ' (VPN, firewall), or give it more time with --timeout <seconds>.'],
  [
    /([Cc])hoose an environment with its auth and discover again/g,
    (_context, _match, c) => `${c === 'C' ? 'P' : 'p'}ass ${envFlag} with its auth and run the command again`,
  ],
  [
    /([Ss])elect an environment whose auth the server accepts, then discover again/g,
    (_context, _match, s) =>
      `${s === 'S' ? 'P' : 'p'}ass ${envFlag} whose auth the server accepts, then run the command again`,
  ],
  [/\b([Dd])iscover (?:the \w+|it) again\b/g, (_context, _match, d) => `${d === 'D' ? 'R' : 'r'}un the command again`],
  [/ and discover again\b/g, ' and run the command again'],
  // Request forms: the command line's message is the -d JSON.
  [/ in the form or the JSON editor\b/g, ' in the -d JSON'],
  [
    /choose graphql-sse \(or auto\) as the subscription transport/g,
    'send "transport": "graphql-sse" (or "auto") in the -d message',
  ],
  // Environments are a file to the command line, not a panel.
  [
    /Enter the passphrase in the environment’s mTLS panel\./g,
    'Put the passphrase in the environment’s mtls auth (passphrase), or a ${variable} given with --var or --env-file.',
  ],
  [/ It is kept in memory only \(never saved or sent\), so it is asked for again after a reload\./g, ''],
  [
    / \(Environments → TLS trust\), or tick “Allow self-signed” there/g,
    ' (trust.caCertificate in environments.json), or set trust.allowSelfSigned',
  ],
  [/tick “Allow self-signed” in the environment’s TLS trust settings/g, 'set trust.allowSelfSigned in the environment'],
  [/ see the server log\./g, ' run the command with -v to see why.'],
  [/Restart it from the Plugins panel to try at once\./g, 'Run the command again to try at once.'],
  [/ \(Plugins panel or wirebench plugin list\)/g, ' (wirebench plugin list)'],
]

/** `text` with the page's wording replaced by the command line's. */
export function cliWording(text: string, context: WordingContext): string {
  return rewrites.reduce(
    (result, [pattern, replacement]) =>
      typeof replacement === 'string'
        ? result.replace(pattern, replacement)
        : // The callback gets the match, the groups, then the offset and the whole text (dropped here).
          result.replace(pattern, (...match: unknown[]) =>
            replacement(context, ...match.slice(0, -2).map((part) => (typeof part === 'string' ? part : ''))),
          ),
    text,
  )
}
