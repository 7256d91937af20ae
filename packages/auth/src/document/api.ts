/** The shapes of `GET`/`PUT /api/environments`, shared by the server's routes and the UI's client. */
import type { EnvironmentsDocument } from '../environment.js'
import type { DocumentIssue } from './document-issue.js'

/** Something about the stored file the UI should show: why it was not used, and where it went. */
export interface EnvironmentsIssue {
  message: string
  /** Where the unusable file was moved (`environments.json.corrupt-<timestamp>`). */
  movedTo?: string
  /** Validation issues of the stored document, by JSON path. */
  errors?: DocumentIssue[]
}

/** `GET /api/environments`. `revision` changes whenever the stored file changes. */
export interface EnvironmentsResponse {
  document: EnvironmentsDocument
  revision: string
  issues?: EnvironmentsIssue[]
}

/** `PUT /api/environments` `{document, baseRevision?}`: a stale `baseRevision` is refused with 409 `conflict`. */
export interface SaveEnvironmentsResponse {
  revision: string
}
