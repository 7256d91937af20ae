/**
 * The JSON Schema (draft 2020-12) of `sidecar.json`, as SPEC.md lists its fields. The same schema ships as
 * `sidecar.schema.json` at the package root for editors; a test keeps the two identical.
 */
export const SIDECAR_SCHEMA_ID = 'https://wirebench.dev/schemas/sidecar.schema.json'

export const sidecarManifestSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: SIDECAR_SCHEMA_ID,
  title: 'Wirebench sidecar plugin manifest',
  description: 'Describes an out-of-process protocol plugin: what to run (or where to reach it) and what it speaks.',
  type: 'object',
  additionalProperties: false,
  required: ['packageId', 'protocol'],
  properties: {
    $schema: { type: 'string', description: 'Pointer to this schema, for editor tooling.' },
    packageId: {
      type: 'string',
      minLength: 1,
      description: 'Reverse-DNS package id (e.g. dev.example.toy), shown in the plugin list.',
    },
    protocol: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name'],
      description: 'Protocol metadata declared up front.',
      properties: {
        id: {
          type: 'string',
          minLength: 1,
          description: 'Must equal the id the sidecar returns from initialize; the workbench tabs on it.',
        },
        name: { type: 'string', minLength: 1, description: 'Display name; the initialize reply may override it.' },
        iconSvg: { type: 'string', description: 'Inline SVG icon; the initialize reply may override it.' },
      },
    },
    transport: { enum: ['stdio', 'http'], default: 'stdio', description: 'How the workbench speaks to the sidecar.' },
    executable: {
      type: 'string',
      minLength: 1,
      description: 'Path of the program, relative to the plugin directory (stdio).',
    },
    args: {
      type: 'array',
      items: { type: 'string' },
      description: 'Extra arguments appended to the executable command line (stdio).',
    },
    envPrefix: {
      type: 'string',
      pattern: '^[A-Za-z][A-Za-z0-9_]+_$',
      not: { pattern: '^(AWS|AZURE|ARM|GOOGLE|GCP|GCLOUD|GITHUB|GH|GITLAB|NPM|DOCKER|KUBE|SSH|GPG|OPENAI|ANTHROPIC)_' },
      default: 'WORKBENCH_',
      description:
        'Prefix of the environment variables forwarded to the subprocess (stdio): at least 3 characters ending in "_", not a well-known credentials prefix such as AWS_.',
    },
    shutdownTimeoutMs: {
      type: 'integer',
      minimum: 0,
      default: 3000,
      description: 'Milliseconds of grace after shutdown before the process group is killed (stdio).',
    },
    url: { type: 'string', format: 'uri', description: 'JSON-RPC endpoint of the http transport.' },
    version: { type: 'string', description: 'Version string shown in the plugin list.' },
    schemes: {
      type: 'array',
      minItems: 1,
      maxItems: 16,
      uniqueItems: true,
      items: { type: 'string', pattern: '^[a-z][a-z0-9+.-]*$' },
      description:
        'URL schemes (without ://) whose addresses this sidecar reads, e.g. ["mqtt", "mqtts"]; discovery sends it the environment credentials only for these. Default: the protocol id.',
    },
  },
  // SPEC.md: transport http needs url; every other case (transport absent included) needs executable.
  if: { required: ['transport'], properties: { transport: { const: 'http' } } },
  then: { required: ['url'] },
  else: { required: ['executable'] },
} as const
