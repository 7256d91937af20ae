/** One problem found in an environments document, shared by the document's validators. */
export interface DocumentIssue {
  /** JSON Pointer (RFC 6901) to the offending value, e.g. `/environments/0/auth/token`. */
  path: string
  message: string
}
