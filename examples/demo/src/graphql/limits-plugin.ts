/** A yoga plugin bounding operations: a token limit when parsing and a depth limit when validating. */
import type { ASTVisitor, DocumentNode, ParseOptions, SelectionSetNode, Source, ValidationContext } from 'graphql'
import { Kind } from 'graphql'
import type { Plugin } from 'graphql-yoga'
import { createGraphQLError } from 'graphql-yoga'
import { graphqlLimits } from './bookshop.js'

/**
 * Measures selection depth, introspection (`__schema`, `__type`) not counted. Each fragment's depth is computed once per
 * document: re-walking a fragment on every path that spreads it is exponential in chains of doubled spreads.
 */
class DepthMeter {
  private readonly fragmentDepths = new Map<string, number>()
  /** Fragments being measured; spreading one again is a cycle (graphql's NoFragmentCycles reports it) and counts 0. */
  private readonly inProgress = new Set<string>()

  constructor(private readonly context: ValidationContext) {}

  depthOf(set: SelectionSetNode): number {
    let deepest = 0
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue
        const below = selection.selectionSet ? this.depthOf(selection.selectionSet) : 0
        deepest = Math.max(deepest, 1 + below)
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        deepest = Math.max(deepest, this.depthOf(selection.selectionSet))
      } else {
        deepest = Math.max(deepest, this.fragmentDepth(selection.name.value))
      }
    }
    return deepest
  }

  private fragmentDepth(name: string): number {
    const known = this.fragmentDepths.get(name)
    if (known !== undefined) return known
    const fragment = this.context.getFragment(name)
    if (!fragment || this.inProgress.has(name)) return 0
    this.inProgress.add(name)
    const depth = this.depthOf(fragment.selectionSet)
    this.inProgress.delete(name)
    this.fragmentDepths.set(name, depth)
    return depth
  }
}

export function maxDepthRule(context: ValidationContext): ASTVisitor {
  const meter = new DepthMeter(context)
  return {
    OperationDefinition(node) {
      const depth = meter.depthOf(node.selectionSet)
      if (depth <= graphqlLimits.maxQueryDepth) return
      const name = node.name ? `${node.name.value} ` : ''
      context.reportError(
        createGraphQLError(
          `Operation ${name}nests ${depth} levels; the demo allows ${graphqlLimits.maxQueryDepth}. Select fewer nested fields.`,
          { nodes: [node] },
        ),
      )
    },
  }
}

export function useOperationLimits(): Plugin {
  return {
    onParse({ parseFn, setParseFn }) {
      // yoga's own parse, so that syntax errors stay errors of the graphql instance yoga checks against.
      setParseFn(
        (source: string | Source, options?: ParseOptions): DocumentNode =>
          parseFn(source, { ...options, maxTokens: graphqlLimits.maxQueryTokens }) as DocumentNode,
      )
    },
    onValidate({ addValidationRule }) {
      addValidationRule(maxDepthRule)
    },
  }
}
