/** The few lines printed on start: where to open the workbench, and what it is pointed at. */
import type { StartOptions } from './flags.js'

export interface DemoService {
  protocol: string
  name: string
  url: string
}

export interface BannerInput {
  version: string
  openUrl: string
  options: StartOptions
  demoServices: readonly DemoService[]
}

export function renderBanner(input: BannerInput): string {
  const { options } = input
  const lines = [`Wirebench ${input.version}`, '', `  Open:    ${input.openUrl}`, `  Config:  ${options.configDir}`]
  if (!options.token) lines.push('  Token:   off (--no-token): any local program can drive this workbench')
  if (options.lockedUrls) {
    lines.push(`  URLs:    ${options.lockedUrls[0]} (locked)`)
    for (const url of options.lockedUrls.slice(1)) lines.push(`           ${url}`)
  }
  for (const server of options.mcpServers) {
    lines.push(`  MCP:     mcp+stdio://${server.name} runs ${[server.command, ...server.args].join(' ')}`)
  }
  for (const file of options.mcpConfigFiles) lines.push(`  MCP:     servers of ${file}`)
  if (input.demoServices.length > 0) {
    lines.push('  Demo services:')
    for (const s of input.demoServices) lines.push(`    ${s.protocol.padEnd(10)} ${s.name.padEnd(18)} ${s.url}`)
  }
  lines.push('', 'Press Ctrl+C to stop.')
  return `${lines.join('\n')}\n`
}
