/**
 * Fastify's default schema compilers (Ajv validation, fast-json-stringify serialization) required the first time a
 * route needs one, instead of when the app is created: Fastify builds them only for routes that declare schemas, the
 * workbench brings its own validator and declares no response schema, and loading both (with Ajv) cost about 40 ms of
 * CPU before `GET /` could answer.
 */
import { createRequire } from 'node:module'
import type { FastifyServerOptions } from 'fastify'

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>
type Factory = (...args: unknown[]) => unknown

export function deferredSchemaCompilers(): { compilersFactory: CompilersFactory } {
  // They are Fastify's dependencies, so they are resolved from where Fastify is installed.
  const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'))
  const deferred = (name: string): Factory => {
    let factory: Factory | undefined
    return (...args) => {
      // Each module exports a function that makes the factory (with its own compiler cache), made once here.
      factory ??= (requireFromFastify(name) as () => Factory)()
      return factory(...args)
    }
  }
  return {
    compilersFactory: {
      buildValidator: deferred('@fastify/ajv-compiler') as CompilersFactory['buildValidator'],
      buildSerializer: deferred('@fastify/fast-json-stringify-compiler') as CompilersFactory['buildSerializer'],
    },
  }
}
