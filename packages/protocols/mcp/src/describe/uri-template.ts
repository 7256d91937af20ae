/** The variables of an RFC 6570 URI template, and which of them a resource read needs (path parts) or may omit (query). */

export interface TemplateVariable {
  name: string
  /** `{x}`, `{+x}`, `{/x}`, `{.x}`, `{#x}` build the path: the form asks for them. `{?x}`, `{&x}`, `{;x}` may be left out. */
  required: boolean
  /** `{x*}`: a list or map is expanded. */
  explode: boolean
}

const expression = /\{([+#./;?&]?)([^}]+)\}/g

export function templateVariables(template: string): TemplateVariable[] {
  const seen = new Set<string>()
  const variables: TemplateVariable[] = []
  for (const match of template.matchAll(expression)) {
    const operator = match[1] ?? ''
    for (const spec of (match[2] ?? '').split(',')) {
      const explode = spec.endsWith('*')
      const name = spec.replace(/\*$/, '').replace(/:\d+$/, '').trim()
      if (name === '' || seen.has(name)) continue
      seen.add(name)
      variables.push({ name, required: operator === '' || !'?&;'.includes(operator), explode })
    }
  }
  return variables
}
