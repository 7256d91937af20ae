/** Response validation as it travels with a call result (`InvokeResult.validation`). */

/** The outcome of checking a response against its declared schema. */
export interface ResponseValidation {
  /** True when the response conforms: no problem at all (an undocumented status or media type is a problem too). */
  valid: boolean
  /** What it was checked against, for people: a JSON Pointer into the document, a tool's `outputSchema`, an operation. */
  schema: string
  problems: ValidationProblem[]
}

export interface ValidationProblem {
  /** JSON Pointer (RFC 6901) into the response body; `''` for the body as a whole. */
  pointer: string
  message: string
  /**
   * What failed: the schema keyword (`type`, `required`, `enum`, `format`, `oneOf`, `additionalProperties`…), or
   * `status` / `mediaType` for an answer the document does not describe, `graphql` for an error the server reported.
   */
  keyword?: string
}

/** A response being validated off the main thread; its `ResponseValidation` follows. */
export interface PendingValidation {
  id: string
  schema: string
}

/** MCP's check of `structuredContent` against a tool's `outputSchema`, as first reported (kept beside `validation`). */
export interface OutputValidation {
  valid: boolean
  /** Why it does not match: JSON Pointer into the checked value, and the schema's complaint. */
  errors?: Array<{ path: string; message: string }>
}
