/** A saved request's path from the name and folder typed into the save dialog, and what is wrong with them. */

/** Characters a file name cannot hold on one of the systems a workspace is shared across. */
const FORBIDDEN = /[\\:*?"<>|]/

const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20)

export function savePathOf(folder: string, name: string): string {
  const parts = [...folder.split('/'), name].map((p) => p.trim()).filter(Boolean)
  return parts.join('/')
}

export function savedNameProblem(name: string, folder: string): string | undefined {
  if (!name.trim()) return 'Give the request a name.'
  if (name.includes('/')) return 'A name cannot hold “/”: put the folder in the Folder field.'
  const parts = [...folder.split('/'), name].map((p) => p.trim()).filter(Boolean)
  if (parts.some((p) => FORBIDDEN.test(p) || hasControlCharacter(p)))
    return 'Names and folders cannot hold \\ : * ? " < > | or control characters.'
  if (parts.some((p) => p === '.' || p === '..')) return 'Names and folders cannot be “.” or “..”.'
  return undefined
}
