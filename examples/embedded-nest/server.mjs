// A small task API in NestJS (Express platform) with the workbench mounted at /workbench (@wirebench/embed) and the
// @nestjs/swagger document handed over in process. Run from the repository root after `npm run build`:
// `node examples/embedded-nest/server.mjs` (PORT, default 3002; PLATFORM=fastify for Nest's Fastify platform), then
// open the URL it prints.
//
// This file is plain JavaScript, so the decorators are applied as functions; in a TypeScript app they are the usual
// `@Controller('tasks')`, `@Post()`, `@ApiProperty()`… The bootstrap at the end is the same either way.
import 'reflect-metadata'
import { Body, Controller, Get, Headers, Module, Param, Post, Query } from '@nestjs/common'
import { NestFactory } from '@nestjs/core'
import { ApiOperation, ApiProperty, ApiQuery, ApiTags, DocumentBuilder, SwaggerModule } from '@nestjs/swagger'
import { expressWorkbench, wirebench } from '@wirebench/embed'
import { pathToFileURL } from 'node:url'

class Assignee {}
ApiProperty({ type: String, description: 'Who does it' })(Assignee.prototype, 'name')
ApiProperty({ type: String, required: false })(Assignee.prototype, 'email')

export class CreateTaskDto {}
ApiProperty({ type: String, description: 'What to do' })(CreateTaskDto.prototype, 'title')
ApiProperty({ type: Number, required: false, minimum: 1, maximum: 5 })(CreateTaskDto.prototype, 'priority')
ApiProperty({ type: Assignee, required: false })(CreateTaskDto.prototype, 'assignee')

const tasks = [{ id: 1, title: 'Water the plants', priority: 2 }]

class TasksController {
  list(done) {
    return { tasks, done: done ?? null }
  }
  get(id) {
    return tasks.find((task) => task.id === Number(id)) ?? { error: 'no such task' }
  }
  create(body, authorization) {
    const task = { id: tasks.length + 1, ...body }
    tasks.push(task)
    return { task, authorization: authorization ?? null }
  }
}

/** Applies method decorators the way TypeScript's legacy decorators do (the last written runs first). */
function decorate(target, name, ...decorators) {
  const descriptor = Object.getOwnPropertyDescriptor(target.prototype, name)
  for (const decorator of decorators.reverse()) decorator(target.prototype, name, descriptor)
}
decorate(
  TasksController,
  'list',
  Get(),
  ApiOperation({ operationId: 'listTasks', summary: 'All tasks' }),
  ApiQuery({ name: 'done', required: false, type: Boolean }),
)
Query('done')(TasksController.prototype, 'list', 0)
decorate(TasksController, 'get', Get(':id'), ApiOperation({ operationId: 'getTask', summary: 'One task' }))
Param('id')(TasksController.prototype, 'get', 0)
decorate(
  TasksController,
  'create',
  Post(),
  ApiOperation({ operationId: 'createTask', summary: 'Add a task', deprecated: false }),
)
Body()(TasksController.prototype, 'create', 0)
Headers('authorization')(TasksController.prototype, 'create', 1)
// What `emitDecoratorMetadata` writes for `create(@Body() body: CreateTaskDto, @Headers(…) auth: string)`.
Reflect.defineMetadata('design:paramtypes', [CreateTaskDto, String], TasksController.prototype, 'create')
Reflect.defineMetadata('design:paramtypes', [String], TasksController.prototype, 'get')
Reflect.defineMetadata('design:paramtypes', [String], TasksController.prototype, 'list')
Controller('tasks')(TasksController)
ApiTags('tasks')(TasksController)

class AppModule {}
Module({ controllers: [TasksController] })(AppModule)

/**
 * The app on Nest's Express platform (default) or its Fastify one; the workbench is mounted before `listen()`, which
 * runs `init()`: Express gets Nest's body parsers then, and Fastify's routes are registered then (after the
 * workbench's onRoute hook exists).
 */
export async function createTaskApp(options = {}) {
  const config = new DocumentBuilder().setTitle('Tasks').setVersion('1.0.0').addBearerAuth().build()
  if (options.platform === 'fastify') {
    const { FastifyAdapter } = await import('@nestjs/platform-fastify')
    const app = await NestFactory.create(AppModule, new FastifyAdapter(), { logger: false })
    const document = SwaggerModule.createDocument(app, config)
    await app.register(wirebench, { prefix: '/workbench', openapi: document, ...options.workbench })
    return app
  }
  const app = await NestFactory.create(AppModule, { logger: false })
  const document = SwaggerModule.createDocument(app, config)
  const express = app.getHttpAdapter().getInstance()
  app.use(
    '/workbench',
    await expressWorkbench(express, { prefix: '/workbench', openapi: document, ...options.workbench }),
  )
  return app
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const app = await createTaskApp({ platform: process.env.PLATFORM === 'fastify' ? 'fastify' : 'express' })
  const port = Number(process.env.PORT ?? 3002)
  await app.listen(port, '127.0.0.1')
  console.log(`Tasks on http://127.0.0.1:${port}/`)
}
