/**
 * Body schemas of the workspace routes: the shape and bounds only. The workspace store validates saved requests
 * and folders field by field and names the field that is wrong.
 */
const idPattern = '^[a-z0-9-]{1,64}$'
const revision = { type: 'string', maxLength: 128 } as const
const stringMap = {
  type: 'object',
  maxProperties: 1000,
  propertyNames: { maxLength: 256 },
  additionalProperties: { type: 'string', maxLength: 64 * 1024 },
} as const

export const workspaceIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: idPattern } },
} as const

export const createWorkspaceSchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    dir: { type: 'string', minLength: 1, maxLength: 4096 },
  },
} as const

export const updateWorkspaceSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    urls: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 4096 } },
    vars: stringMap,
    baseRevision: revision,
  },
} as const

export const activateWorkspaceSchema = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: idPattern } },
} as const

export const saveRequestSchema = {
  type: 'object',
  required: ['request'],
  additionalProperties: false,
  properties: { request: { type: 'object' }, baseRevision: revision },
} as const

export const moveSchema = {
  type: 'object',
  required: ['from', 'to'],
  additionalProperties: false,
  properties: { from: { type: 'string', maxLength: 1024 }, to: { type: 'string', maxLength: 1024 } },
} as const

export const saveFolderSchema = {
  type: 'object',
  required: ['folder'],
  additionalProperties: false,
  properties: { folder: { type: 'object' } },
} as const

export const saveBatchSchema = {
  type: 'object',
  required: ['requests'],
  additionalProperties: false,
  properties: {
    requests: {
      type: 'array',
      maxItems: 5000,
      items: {
        type: 'object',
        required: ['folder', 'request'],
        properties: { folder: { type: 'string', maxLength: 1024 }, request: { type: 'object' } },
      },
    },
    vars: stringMap,
  },
} as const

export const historyQuerySchema = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 500 },
    limit: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
    before: { type: 'string', maxLength: 64 },
  },
} as const
