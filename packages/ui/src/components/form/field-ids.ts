/** The DOM id of a generated form's input, by field path: labels point at it and the request editor focuses it. */
export function inputId(path: string): string {
  return `field-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`
}
