/**
 * A small graphql-yoga server on a loopback port whose schema descriptions are hostile: HTML that would run script if
 * it were parsed, and Markdown links to `javascript:` URLs. Each payload sets a distinct `window.pwned` value, so a
 * test can tell which one ran.
 */
import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { createSchema, createYoga } from 'graphql-yoga'

const typeDefs = /* GraphQL */ `
  type Query {
    """
    <img src=x onerror="window.pwned=1"> Finds things.

    Read [the docs](javascript:window.pwned=2) or [safe](https://example.com/docs). <script>window.pwned=3</script>
    """
    things: [Thing!]!
  }

  "<img src=t onerror=\\"window.pwned=4\\"> A thing."
  type Thing {
    "<img src=y onerror=\\"window.pwned=5\\"> The id."
    id: ID!
    "[click](javascript:window.pwned=6) <b onmouseover=\\"window.pwned=7\\">label</b>"
    label: String
  }
`

export interface HostileGraphqlServer {
  /** `http://127.0.0.1:port/graphql` */
  url: string
  close(): Promise<void>
}

export async function startHostileGraphqlServer(): Promise<HostileGraphqlServer> {
  const yoga = createYoga({
    schema: createSchema({ typeDefs, resolvers: { Query: { things: () => [{ id: '1', label: 'one' }] } } }),
    logging: false,
  })
  const server = createServer((request, response) => {
    void yoga.handle(request, response)
  })
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
