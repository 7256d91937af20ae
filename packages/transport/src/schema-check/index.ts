/** `@wirebench/transport/schema-check`: the JSON Schema checker shared by plugins and the server's validation worker. */
export { buildSchemaChecker, checkerModules, maxReportedProblems, schemaChecker } from './schema-checker.js'
export type { CheckerModules, SchemaChecker } from './schema-checker.js'
export { guardSchemaPatterns, uncheckedPatternKeyword, uncheckedPatternPropertiesKeyword } from './guard-patterns.js'
