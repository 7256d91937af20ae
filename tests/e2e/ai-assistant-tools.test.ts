/**
 * The assistant's tools in real Chromium against the real CLI, with a scripted model that calls them: open_method
 * and fill_request act on the page, list_services and describe_method answer from its catalog; invoke is refused
 * while off (where the user and the model see it), and when on it waits for the confirmation (0 calls before, 1
 * after), which names the secret variables a request would send, also when the call follows untrusted output; a
 * streaming method is filled, not sent. Set-up: `support/assistant-fixture.ts`.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ScriptedMessage } from '../servers/ai/scripted-openai.js'
import { startAssistantPage, CANARY, type AssistantPage } from './support/assistant-fixture.js'
import { requireChromium, screenshot } from './support/browser.js'
import { fieldInput, openMethod } from './support/workbench-page.js'

describe.runIf(requireChromium())('the assistant’s tools', () => {
  let ui: AssistantPage
  let page: Page
  const drawer = () => ui.drawer()
  const confirmation = () => ui.confirmation()
  const lastReply = () => ui.lastReply()
  const activity = (text: string) => ui.activity(text)
  const ask = (text: string) => ui.ask(text)
  const waitIdle = () => ui.waitIdle()
  const useModel = (endpoint: string) => ui.useModel(endpoint)

  beforeAll(async () => {
    ui = await startAssistantPage()
    page = ui.page
  })

  afterAll(async () => {
    await ui?.close()
  })

  it('opens a method and fills its form when the model calls open_method and fill_request', async () => {
    await openMethod(page, 'createOrder')
    await page.keyboard.press('Control+i')
    await drawer().waitFor()
    await useModel(ui.model.url)
    await ask('please open echo')
    await activity('Opened Shop.echo').waitFor()
    await page.locator('.method-name', { hasText: 'echo' }).waitFor()
    await waitIdle()
    await ask('now fill echo')
    await activity('Filled Shop.echo').waitFor()
    await expect.poll(() => fieldInput(page, 'text').inputValue()).toBe('filled by the assistant')
    await waitIdle()
    expect(ui.shop.orders).toEqual([])
  })

  it('answers list_services and describe_method from the page’s catalog', async () => {
    await ask('list the services')
    await activity('Listed the services').waitFor()
    await activity('Read Shop.createOrder').waitFor()
    await waitIdle()
    const body = JSON.parse(ui.model.bodies.at(-1) ?? '{}') as { messages: ScriptedMessage[] }
    const [listed, described] = body.messages.filter((message) => message.role === 'tool').slice(-2)
    expect(JSON.parse(listed?.content ?? '[]')).toEqual([
      {
        url: `${ui.shop.url}/openapi.json`,
        service: 'Shop',
        protocol: 'rest',
        methods: [
          { name: 'echo', summary: 'Answers the text it is given' },
          { name: 'ticks', summary: 'Streams ticks' },
          { name: 'createOrder', summary: 'Places an order' },
        ],
      },
    ])
    expect(JSON.parse(described?.content ?? '{}')).toMatchObject({
      method: 'createOrder',
      http: 'POST /orders',
      input: [{ name: 'item', type: 'string' }],
    })
  })

  it('refuses invoke while it is off: not offered, and a call anyway is refused where the user and model see it', async () => {
    const before = ui.model.bodies.length
    await ask('send an order')
    await activity('Refused to send Shop.createOrder: sending requests is off').waitFor()
    await waitIdle()
    expect(await drawer().locator('.ai-reply', { hasText: 'Sending the order.' }).count()).toBe(1)
    const sent = JSON.parse(ui.model.bodies[before] ?? '{}') as { tools?: { function: { name: string } }[] }
    expect(sent.tools?.map((tool) => tool.function.name)).not.toContain('invoke')
    // The model heard of the refusal as the answer to its call, and went on from there.
    const next = JSON.parse(ui.model.bodies[before + 1] ?? '{}') as { messages: ScriptedMessage[] }
    expect(next.messages.at(-1)).toMatchObject({ role: 'tool', content: expect.stringMatching(/^Refused: /) })
    expect(await lastReply().textContent()).toBe('Done.')
    expect(await confirmation().count()).toBe(0)
    expect(ui.shop.orders).toEqual([])
  })

  it('asks before sending when invoke is on, sends only on confirm, and asks again after untrusted output', async () => {
    await drawer()
      .getByLabel(/Let the assistant send requests/)
      .check()
    await ask('send an order')
    await confirmation().waitFor()
    const facts = (await confirmation().locator('.ai-confirm-facts').textContent()) ?? ''
    expect(facts).toContain('rest')
    expect(facts).toContain(ui.shop.url)
    expect(facts).toContain('Shop.createOrder')
    expect(facts).toContain('POST /orders')
    expect(facts).toContain('"item": "book"')
    expect(facts).toContain('Authorization: ***')
    expect(facts).not.toContain('sk-live-1234567')
    expect(ui.shop.orders).toEqual([])
    await screenshot(page, 'ai-assistant-confirm-dark')
    await confirmation().getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => ui.shop.orders.length).toBe(1)
    expect(JSON.parse(ui.shop.orders[0] ?? '{}')).toEqual({ item: 'book' })
    // The response carried an injected instruction; the model's next invoke still waits for the user.
    await confirmation().waitFor()
    expect(await confirmation().locator('.ai-confirm-facts').textContent()).toContain('exfiltrate')
    await page.waitForTimeout(300)
    expect(ui.shop.orders.length).toBe(1)
    await confirmation().getByRole('button', { name: 'Cancel' }).click()
    await activity('Declined: Shop.createOrder').waitFor()
    await waitIdle()
    expect(ui.shop.orders.length).toBe(1)
    // The tool output went back to the model fenced as untrusted data.
    const lastBody = ui.model.bodies.at(-1) ?? ''
    expect(lastBody).toContain('Untrusted data (response of Shop.createOrder)')
  })

  it('says in the confirmation which secret variables a model-written request would send', async () => {
    await ask('order my secret')
    await confirmation().waitFor()
    const warning = confirmation().locator('.ai-confirm-secret')
    expect(await warning.textContent()).toBe(
      'Sends secrets: ${apiSecret} is replaced by its real value from “Shop”. Send only if this request should carry it.',
    )
    expect(await confirmation().locator('.ai-confirm-env').textContent()).toContain('Variables from “Shop”: ${region}.')
    expect(await confirmation().textContent()).not.toContain(CANARY)
    await screenshot(page, 'ai-assistant-confirm-secret-dark')
    const declined = await activity('Declined: Shop.createOrder').count()
    await confirmation().getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => activity('Declined: Shop.createOrder').count()).toBe(declined + 1)
    await waitIdle()
    expect(ui.shop.orders.length).toBe(1)
  })

  it('asks again when a tool call follows a response explained as untrusted data', async () => {
    await ask('explain the response')
    await activity('Read the response of Shop.createOrder').waitFor()
    await confirmation().waitFor()
    await page.keyboard.press('Escape')
    await confirmation().waitFor({ state: 'detached' })
    await waitIdle()
    expect(ui.shop.orders.length).toBe(1)
    expect(await drawer().count()).toBe(1)
  })

  it('does not send a streaming method for the model: it fills the form and says to start the stream there', async () => {
    const before = ui.model.bodies.length
    await ask('stream the ticks')
    await activity('Did not send Shop.ticks: it is a streaming method').waitFor()
    await waitIdle()
    expect(await activity('Did not send Shop.ticks').textContent()).toContain('press Send to start the stream yourself')
    await page.locator('.method-name', { hasText: 'ticks' }).waitFor()
    const next = JSON.parse(ui.model.bodies[before + 1] ?? '{}') as { messages: ScriptedMessage[] }
    expect(next.messages.at(-1)?.content).toMatch(/^Not sent: Shop\.ticks is a streaming method/)
    expect(await confirmation().count()).toBe(0)
    expect(ui.shop.tickHits).toBe(0)
  })

  it('sends a confirmed invoke where the pane would: to the Server field the user set', async () => {
    await openMethod(page, 'createOrder')
    await page.getByLabel('Server URL').fill(`${ui.shop.url}/staging`)
    const sent = ui.shop.orders.length
    await ask('send an order')
    await confirmation().waitFor()
    expect(await confirmation().locator('.ai-confirm-facts').textContent()).toContain(`${ui.shop.url}/staging`)
    await confirmation().getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => ui.shop.orders.length).toBe(sent + 1)
    expect(ui.shop.orderPaths.at(-1)).toBe('/staging/orders')
    // The injected follow-up asks again; declining it leaves the count as it was.
    await confirmation().waitFor()
    await confirmation().getByRole('button', { name: 'Cancel' }).click()
    await waitIdle()
    expect(ui.shop.orders.length).toBe(sent + 1)
    await page.getByLabel('Server URL').fill('')
  })

  it('made no request to another origin', () => {
    expect(ui.foreignRequests).toEqual([])
  })
})
