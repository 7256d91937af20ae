/** TypeBox schemas of the JSON request bodies (the UI's client is typed from the same shapes in core). */
import { Type } from 'typebox'

const maxUrlLength = 4096

/** Header name → value; names are bounded so a body cannot smuggle huge keys. */
export const MetadataSchema = Type.Record(Type.String({ maxLength: 256 }), Type.String({ maxLength: 256 * 1024 }), {
  maxProperties: 200,
})

export function discoverBodySchema(maxUrls: number) {
  return Type.Object(
    {
      urls: Type.Array(Type.String({ minLength: 1, maxLength: maxUrlLength }), { minItems: 1, maxItems: maxUrls }),
      metadata: Type.Optional(MetadataSchema),
      protocolHints: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 32 })),
    },
    { additionalProperties: false },
  )
}

export const InvokeBodySchema = Type.Object(
  {
    protocol: Type.String({ minLength: 1, maxLength: 64 }),
    url: Type.String({ minLength: 1, maxLength: maxUrlLength }),
    service: Type.String({ minLength: 1, maxLength: 1024 }),
    method: Type.String({ minLength: 1, maxLength: 1024 }),
    messages: Type.Array(Type.Unknown(), { maxItems: 10_000 }),
    metadata: Type.Optional(MetadataSchema),
    serverUrl: Type.Optional(Type.String({ minLength: 1, maxLength: maxUrlLength })),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
)

export const UploadQuerySchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) })

export const UploadParamsSchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) })
