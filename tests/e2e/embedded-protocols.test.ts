/**
 * A Fastify host serving REST, GraphQL (mercurius) and a WebSocket route (`@fastify/websocket`) in real Chromium: the
 * workbench embedded at `/workbench` lists all three in one sidebar under the host, each under its own protocol, runs a
 * GraphQL query with the editor fed from the host's schema object, and opens the WebSocket route as a live channel.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import '../support/ws-in-vitest.js'
import websocket from '@fastify/websocket'
import { wirebench } from '@wirebench/embed'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import mercurius from 'mercurius'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLibrary, librarySdl } from '../servers/graphql/library-schema.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { waitForSchema } from './support/graphql-page.js'
import { liveFacts, pinTheme, receivedPreviews, typeInComposer } from './support/live-page.js'
import { methodRow, openMethod, openWorkbench, sendWithShortcut, urlChip } from './support/workbench-page.js'

const token = 'embedded-protocols-e2e-token-0123456789abcdef0123456789'

describe.runIf(requireChromium())('a host serving REST, GraphQL and WebSocket, in the browser', () => {
  let configDir: string
  let app: FastifyInstance
  let origin: string
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-embed-protocols-e2e-'))
    app = Fastify()
    await app.register(wirebench, { prefix: '/workbench', configDir, token, announce: false, name: 'library' })
    await app.register(websocket)
    const library = createLibrary()
    await app.register(mercurius, {
      schema: librarySdl,
      resolvers: {
        Query: {
          book: (_: unknown, args: { bookId: string }) => library.books.find((b) => b.id === args.bookId) ?? null,
          books: () => library.books,
          oldBooks: () => library.books,
        },
        Mutation: {
          addBook: (_: unknown, args: { title: string }) => ({ id: 'b9', title: args.title, genre: 'FICTION' }),
        },
      },
    })
    app.get('/chat', { websocket: true }, (socket) => {
      socket.on('message', (data: Buffer) => socket.send(`echo: ${data.toString()}`))
    })
    app.get('/health', { schema: { tags: ['ops'], operationId: 'health' } }, () => ({ ok: true }))
    await app.listen({ host: '127.0.0.1', port: 0 })
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, `${origin}/workbench/#token=${token}`)
    await urlChip(page, origin).and(page.locator('[data-status="ok"]')).waitFor({ timeout: 20_000 })
  })

  afterAll(async () => {
    await browser?.close()
    await app?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  it('lists the REST route, the GraphQL operations and the WebSocket route in one sidebar', async () => {
    // One REST route, the GraphQL endpoint (its GET and POST routes) and the WebSocket route.
    expect(await page.locator('.embedded-badge').textContent()).toMatch(/library.*Fastify · 3 routes/)
    await methodRow(page, 'health').waitFor()
    expect(await methodRow(page, 'books').first().locator('.method-badge').textContent()).toBe('Q')
    expect(await methodRow(page, 'addBook').first().locator('.method-badge').textContent()).toBe('M')
    await methodRow(page, 'connect').first().waitFor()
    for (const service of ['ops', 'Query', 'Mutation', 'chat']) {
      expect(await page.locator('.sb-service', { hasText: service }).count(), service).toBeGreaterThan(0)
    }
    // mercurius' own GET and POST /graphql and the upgrade route are not REST operations.
    expect(await page.locator('.sb-method', { hasText: '/graphql' }).count()).toBe(0)
    expect(await page.locator('.sb-method', { hasText: '/chat' }).count()).toBe(0)
    await screenshot(page, 'embedded-protocols-sidebar-dark')
  })

  it("runs a GraphQL query with the editor fed from the host's schema", async () => {
    await openMethod(page, 'books')
    await waitForSchema(page)
    const status = await sendWithShortcut(page)
    expect(await status.textContent()).toBe('HTTP 200')
    expect(await page.getByRole('region', { name: 'Data' }).textContent()).toContain('Dune')
    await pinTheme(page, 'light')
    await screenshot(page, 'embedded-protocols-graphql-light')
    await pinTheme(page, 'dark')
  })

  it('opens the WebSocket route as a live channel and exchanges a frame', async () => {
    await openMethod(page, 'connect')
    await page.getByRole('button', { name: 'Connect' }).click()
    await expect.poll(() => page.locator('.ws-state-text').textContent(), { timeout: 15_000 }).toBe('Connected')
    await typeInComposer(page, 'Text', 'hello host')
    await page.keyboard.press('Control+Enter')
    await expect.poll(async () => (await liveFacts(page)).received, { timeout: 15_000 }).toBeGreaterThanOrEqual(1)
    expect(await receivedPreviews(page)).toContain('echo: hello host')
    await screenshot(page, 'embedded-protocols-websocket-dark')
  })

  it('fits a 420 px window', async () => {
    await page.setViewportSize({ width: 420, height: 860 })
    await page.locator('.embedded-badge').waitFor()
    // The sidebar becomes a drawer at this width; let its slide finish.
    await page.waitForTimeout(500)
    await screenshot(page, 'embedded-protocols-420')
    expect(pageErrors).toEqual([])
  })
})
