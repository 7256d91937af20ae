// Runs @dwmkerr/mock-llm (its Express app, without its CLI's fixed port) on 127.0.0.1:0 in a plain Node process,
// with a tap that appends every request body to a file. Arguments: <config.json> <record file>. Prints the port.
// A separate process because the test runner resolves packages with the `import` condition even for require(),
// which hands Express's router the ESM build of one of its dependencies.
import { appendFileSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'

const [configFile, recordFile] = process.argv.slice(2)
const require = createRequire(import.meta.url)
const mock = require('@dwmkerr/mock-llm/dist/server.js')
// mock-llm logs each request; stdout carries only the port line.
console.log = () => undefined
const app = mock.createServer(JSON.parse(readFileSync(configFile, 'utf8')), '127.0.0.1', 0)
const server = createServer((request, response) => {
  // Listening before the app does: both listeners see every chunk (the app's body parser attaches in this tick).
  let text = ''
  request.on('data', (chunk) => (text += chunk.toString('utf8')))
  request.on('end', () => appendFileSync(recordFile, `${JSON.stringify(text)}\n`))
  app(request, response)
})
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
