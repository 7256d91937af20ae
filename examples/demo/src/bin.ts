/** `node examples/demo/dist/bin.js`: runs the demo services standalone and prints their discovery URLs. */
import { demoCredentials } from './rest/index.js'
import { startDemo } from './start-demo.js'

const handle = await startDemo({ host: process.env['DEMO_HOST'] ?? '127.0.0.1' })
for (const service of handle.services) console.log(`${service.protocol.padEnd(10)} ${service.name}: ${service.url}`)
console.log(
  `credentials: bearer ${demoCredentials.bearerToken}, basic ${demoCredentials.basic.username}/${demoCredentials.basic.password}, ` +
    `${demoCredentials.apiKey.header}: ${demoCredentials.apiKey.value}`,
)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void handle.close().then(() => process.exit(0))
  })
}
