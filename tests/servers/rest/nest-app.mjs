/**
 * A NestJS 12 app (Express platform) describing itself with @nestjs/swagger 12 as OpenAPI 3.1 at `/openapi.json`:
 * task routes whose DTO lists its enum values as `oneOf`/`anyOf` of `const`s, and routes secured by every kind of
 * scheme @nestjs/swagger declares. Decorators are applied as functions (this file is plain JavaScript). Every route
 * answers with the body and the credentials it received. Run by `nest-app.ts` in a process of its own.
 */
import 'reflect-metadata'
import { Body, Controller, Get, Headers, Module, Post } from '@nestjs/common'
import { NestFactory } from '@nestjs/core'
import {
  ApiBearerAuth,
  ApiOAuth2,
  ApiOperation,
  ApiProperty,
  ApiSecurity,
  ApiTags,
  DocumentBuilder,
  SwaggerModule,
} from '@nestjs/swagger'

class CreateTask {}
ApiProperty({ type: String })(CreateTask.prototype, 'title')
ApiProperty({
  type: String,
  description: 'How urgent the task is.',
  oneOf: [
    { const: 'low', title: 'Some day' },
    { const: 'high', title: 'Today' },
  ],
})(CreateTask.prototype, 'priority')
ApiProperty({
  type: String,
  required: false,
  anyOf: [
    { type: 'string', const: 'open' },
    { type: 'string', const: 'done' },
  ],
})(CreateTask.prototype, 'status')

/** Applies method decorators the way TypeScript's legacy decorators would. */
function decorate(target, name, ...decorators) {
  const descriptor = Object.getOwnPropertyDescriptor(target.prototype, name)
  for (const decorator of decorators.reverse()) decorator(target.prototype, name, descriptor)
}

class TasksController {
  create(body, authorization) {
    return { body, authorization: authorization ?? null }
  }
  list(authorization) {
    return { authorization: authorization ?? null }
  }
  exportAll() {
    return {}
  }
  search() {
    return {}
  }
  health() {
    return { ok: true }
  }
  version() {
    return { version: '1' }
  }
  certificate() {
    return {}
  }
}
decorate(TasksController, 'create', Post(), ApiOperation({ operationId: 'createTask' }), ApiBearerAuth())
Body()(TasksController.prototype, 'create', 0)
Headers('authorization')(TasksController.prototype, 'create', 1)
Reflect.defineMetadata('design:paramtypes', [CreateTask, String], TasksController.prototype, 'create')
decorate(
  TasksController,
  'list',
  Get(),
  ApiOperation({ operationId: 'listTasks' }),
  ApiOAuth2(['tasks:read'], 'oauth2'),
  ApiSecurity('api_key'),
)
Headers('authorization')(TasksController.prototype, 'list', 0)
Reflect.defineMetadata('design:paramtypes', [String], TasksController.prototype, 'list')
decorate(
  TasksController,
  'exportAll',
  Get('export'),
  ApiOperation({ operationId: 'exportTasks' }),
  ApiSecurity({ bearer: [], api_key: [] }),
  ApiSecurity('oidc', ['openid', 'tasks']),
)
decorate(
  TasksController,
  'search',
  Get('search'),
  ApiOperation({ operationId: 'searchTasks' }),
  ApiBearerAuth(),
  ApiSecurity({}),
)
decorate(TasksController, 'health', Get('health'), ApiOperation({ operationId: 'health', security: [] }))
decorate(TasksController, 'version', Get('version'), ApiOperation({ operationId: 'version' }))
decorate(
  TasksController,
  'certificate',
  Get('certificate'),
  ApiOperation({ operationId: 'certificate' }),
  ApiSecurity('mtls'),
)
Controller('tasks')(TasksController)
ApiTags('tasks')(TasksController)

class AppModule {}
Module({ controllers: [TasksController] })(AppModule)

const app = await NestFactory.create(AppModule, { logger: false })
// The port is known only once the app listens, and routes cannot be added after that: the document's server and
// token URLs are filled in when it is served.
let origin = ''
const config = new DocumentBuilder()
  .setTitle('Tasks')
  .setVersion('1.0.0')
  .setOpenAPIVersion('3.1.0')
  .addBearerAuth()
  .addApiKey(
    { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A key from the settings page.' },
    'api_key',
  )
  .addOAuth2(
    { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/token', scopes: { 'tasks:read': 'Read tasks' } } } },
    'oauth2',
  )
  .addBasicAuth(undefined, 'basic')
  .addSecurityRequirements('basic')
  .addSecurity('oidc', { type: 'openIdConnect', openIdConnectUrl: '/.well-known/openid-configuration' })
  .addSecurity('mtls', { type: 'mutualTLS' })
  .build()
const document = SwaggerModule.createDocument(app, config)
app.getHttpAdapter().get('/openapi.json', (_request, response) => {
  response.json({ ...document, servers: [{ url: origin }] })
})
await app.listen(0, '127.0.0.1')
origin = (await app.getUrl()).replace('[::1]', '127.0.0.1')
console.log(`listening ${origin}`)
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0))
})
