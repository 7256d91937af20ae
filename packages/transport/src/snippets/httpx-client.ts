/**
 * The Python httpx target, which neither httpsnippet nor @readme/httpsnippet has: registered as an httpsnippet client
 * so it reads the same normalised request as the other targets. It keeps the body bytes and the URL as they are
 * (`content=`, the query inside the URL) where the requests target re-serialises JSON and the query.
 */

/** The part of httpsnippet's normalised request this target reads. */
export interface SnippetRequest {
  method: string
  fullUrl: string
  allHeaders: Record<string, string>
  postData?: {
    mimeType?: string
    text?: string
    params?: Array<{ name: string; value?: string; fileName?: string; contentType?: string }>
  }
}

/** A Python string literal: JSON's escapes are Python's for every character JSON escapes. */
function py(value: string): string {
  return JSON.stringify(value)
}

function pyDict(entries: Array<[string, string]>, indent = '    '): string {
  if (entries.length === 0) return '{}'
  return `{\n${entries.map(([key, value]) => `${indent}${py(key)}: ${value},`).join('\n')}\n}`
}

export function httpxSnippet(request: SnippetRequest): string {
  const lines = ['import httpx', '', `url = ${py(request.fullUrl)}`]
  const args = [py(request.method), 'url']
  const postData = request.postData
  const isMultipart = postData?.mimeType?.startsWith('multipart/form-data') === true && postData.params !== undefined
  const headers = Object.entries(request.allHeaders).filter(
    // httpx writes the multipart Content-Type with its own boundary.
    ([name]) => !(isMultipart && name.toLowerCase() === 'content-type'),
  )
  if (headers.length > 0) {
    lines.push(`headers = ${pyDict(headers.map(([name, value]) => [name, py(value)]))}`)
    args.push('headers=headers')
  }
  if (postData?.params && postData.mimeType?.startsWith('application/x-www-form-urlencoded') === true) {
    // Repeated names become a list, which httpx writes as repeated pairs.
    const grouped = new Map<string, string[]>()
    for (const param of postData.params)
      grouped.set(param.name, [...(grouped.get(param.name) ?? []), param.value ?? ''])
    const entries = [...grouped].map(([name, values]): [string, string] => [
      name,
      values.length === 1 ? py(values[0] ?? '') : `[${values.map(py).join(', ')}]`,
    ])
    lines.push(`data = ${pyDict(entries)}`)
    args.push('data=data')
  } else if (isMultipart && postData.params) {
    const fields = postData.params.filter((param) => param.fileName === undefined)
    const files = postData.params.filter((param) => param.fileName !== undefined)
    if (fields.length > 0) {
      lines.push(`data = ${pyDict(fields.map((param) => [param.name, py(param.value ?? '')]))}`)
      args.push('data=data')
    }
    const fileEntries = files.map((param): [string, string] => {
      const name = param.fileName ?? param.name
      const type = param.contentType ? `, ${py(param.contentType)}` : ''
      return [param.name, `(${py(name)}, open(${py(name)}, "rb")${type})`]
    })
    // httpx sends multipart only with files; an empty files dict still asks for it.
    lines.push(`files = ${pyDict(fileEntries)}`)
    args.push('files=files')
  } else if (postData?.text !== undefined && postData.text !== '') {
    lines.push(`content = ${py(postData.text)}`)
    args.push('content=content.encode()')
  }
  lines.push('', `response = httpx.request(${args.join(', ')})`, '', 'print(response.text)')
  return lines.join('\n')
}
