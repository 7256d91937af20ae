/** The `wirebench` command lines of the README's "From a terminal" section, as written, with the exit each expects. */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface ReadmeExample {
  /** The line as the README writes it (a shell command line, comment included). */
  line: string
  /** 0 unless the line's comment says `exit N`. */
  exitCode: number
}

const marker = '<!-- cli-examples:'

export async function readmeExamples(repoRoot: string): Promise<ReadmeExample[]> {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8')
  const start = readme.indexOf(marker)
  if (start < 0) throw new Error(`README.md has no "${marker}" block.`)
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(start))?.[1] ?? ''
  return block
    .split('\n')
    .filter((line) => line.includes('npx wirebench'))
    .map((line) => ({ line, exitCode: Number(/# .*\bexit (\d)\b/.exec(line)?.[1] ?? 0) }))
}

/** The variables the README asks the reader to set, from the demo's URLs by protocol. */
export function readmeVariables(urlOf: (protocol: string) => string): Record<string, string> {
  return {
    REST: urlOf('rest'),
    GRPC: urlOf('grpc'),
    GRAPHQL: urlOf('graphql'),
    SSE: urlOf('sse'),
    WS: urlOf('websocket'),
    SIGNALR: urlOf('signalr'),
    MCP: urlOf('mcp'),
  }
}
