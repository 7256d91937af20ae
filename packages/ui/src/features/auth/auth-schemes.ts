/** Display facts about auth types for the top bar and the editor, read from the auth package's scheme registry. */
import { isAuthType, schemeFor, secretFieldsOf, type AuthConfig } from '@wirebench/auth'

export function authTypeLabel(type: string): string {
  return isAuthType(type) ? schemeFor(type).label : type
}

/** Config keys holding secrets (masked; variables they reference are masked too). */
export function secretKeysOf(auth: AuthConfig): string[] {
  return secretFieldsOf(auth)
}
