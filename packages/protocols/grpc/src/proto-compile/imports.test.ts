import { describe, expect, it } from 'vitest'
import { readImports } from './imports.js'

describe('readImports', () => {
  it('reads plain, public and weak imports with their positions', () => {
    const source = 'syntax = "proto3";\nimport "a.proto";\n  import public "b/c.proto";\nimport weak \'d.proto\' ;\n'
    expect(readImports(source)).toEqual([
      { path: 'a.proto', line: 2, column: 1 },
      { path: 'b/c.proto', line: 3, column: 3 },
      { path: 'd.proto', line: 4, column: 1 },
    ])
  })

  it('ignores imports inside comments and strings', () => {
    const source = [
      '// import "line.proto";',
      '/* import "block.proto";',
      '   import "still-block.proto"; */',
      'option (x) = "import \\"str.proto\\";";',
      'import "real.proto"; // trailing',
    ].join('\n')
    expect(readImports(source)).toEqual([{ path: 'real.proto', line: 5, column: 1 }])
  })

  it('finds an import after another statement on the same line', () => {
    expect(readImports('syntax = "proto3";import "x.proto";')).toEqual([{ path: 'x.proto', line: 1, column: 19 }])
  })

  it('stays linear on a file of many imports', () => {
    const source = Array.from({ length: 20_000 }, (_, i) => `import "f${i}.proto";`).join('\n')
    const found = readImports(source)
    expect(found).toHaveLength(20_000)
    expect(found.at(-1)).toEqual({ path: 'f19999.proto', line: 20_000, column: 1 })
  })
})
