/** Builds workbench apps for route tests: a temp config dir, a temp UI dir with an index.html, cleanup. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import type { WorkbenchOptions } from '../options.js'
import { workbench } from '../workbench.js'

export const TEST_TOKEN = 'a'.repeat(64)

export const INDEX_HTML = `<!doctype html><html><head><title>t</title><!--wirebench-config--></head><body><script type="module" src="./assets/app.js"></script></body></html>`

export async function makeTempDir(label: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `wb-${label}-`))
}

export async function makeUiDir(): Promise<string> {
  const dir = await makeTempDir('ui')
  await mkdir(join(dir, 'assets'))
  await writeFile(join(dir, 'index.html'), INDEX_HTML)
  await writeFile(join(dir, 'assets', 'app.js'), 'console.log("wirebench")\n')
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  return dir
}

export interface Harness {
  app: FastifyInstance
  configDir: string
  uiDir: string
  /** Headers a legitimate UI call carries. */
  headers: Record<string, string>
  close(): Promise<void>
}

export async function createHarness(
  options: Partial<WorkbenchOptions> & { prefix?: string; configDir?: string } = {},
): Promise<Harness> {
  const { prefix = '', ...rest } = options
  const configDir = options.configDir ?? (await makeTempDir('config'))
  const uiDir = await makeUiDir()
  const app = Fastify({ logger: false })
  await app.register(workbench, { prefix, uiDir, token: TEST_TOKEN, mode: 'standalone', ...rest, configDir })
  await app.ready()
  return {
    app,
    configDir,
    uiDir,
    headers: { host: 'localhost:5080', 'x-workbench-token': TEST_TOKEN },
    async close() {
      await app.close()
      await rm(uiDir, { recursive: true, force: true })
      if (!options.configDir) await rm(configDir, { recursive: true, force: true })
    },
  }
}
