/**
 * Checks the headers a call will send before any plugin sees them: every transport (undici, Node's http and http2,
 * ws) refuses a name that is not an HTTP token and a value with a line break or a character outside Latin-1, but each
 * in its own words and as a connection failure. Here it is the user's input, answered as such, naming the header.
 */
import { WorkbenchError } from '../errors/workbench-error.js'

// RFC 9110 §5.1 field names are tokens.
const tokenName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
// What Node and undici accept in a value: tab, visible ASCII, space and obs-text (0x80–0xFF).
const invalidValueChar = /[^\t\x20-\x7e\x80-\xff]/u

/** The character at fault, described without echoing the value (it may be a secret). */
function describeChar(char: string): string {
  if (char === '\r' || char === '\n') return 'a line break (CR or LF)'
  const code = char.codePointAt(0) ?? 0
  const hex = code.toString(16).toUpperCase().padStart(4, '0')
  return code < 0x20 || code === 0x7f ? `a control character (U+${hex})` : `the character U+${hex}, outside Latin-1`
}

/** Shown names are cut and stripped of control characters: a bad name may itself carry the line break. */
function shownName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is being replaced
  const flat = name.replace(/[\u0000-\u001f\u007f]/g, '␤')
  return flat.length > 64 ? `${flat.slice(0, 64)}…` : flat
}

/** Throws `invalid_request` naming the first header whose name or value no transport can send. */
export function checkOutboundHeaders(headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!tokenName.test(name)) {
      throw new WorkbenchError('invalid_request', `The header name "${shownName(name)}" is not valid.`, {
        hint: "Header names are letters, digits and !#$%&'*+-.^_`|~ only: no spaces, colons or line breaks.",
        details: { header: shownName(name) },
      })
    }
    const bad = invalidValueChar.exec(value)
    if (bad) {
      throw new WorkbenchError(
        'invalid_request',
        `The value of the header ${name} contains ${describeChar(bad[0])}, which cannot be sent.`,
        {
          hint:
            bad[0] === '\r' || bad[0] === '\n'
              ? 'Remove the line break from the header value (check the variables it uses, too).'
              : 'Encode the value (e.g. percent-encoding or base64) or remove the character.',
          details: { header: name },
        },
      )
    }
  }
}
