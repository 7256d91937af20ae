/** A yoga plugin bounding operations: a token limit when parsing and a depth limit when validating. */
import type { ASTVisitor, DocumentNode, ParseOptions, SelectionSetNode, Source, ValidationContext } from 'graphql'
import { Kind } from 'graphql'
import type { Plugin } from 'graphql-yoga'
import { createGraphQLError } from 'graphql-yoga'
import { graphqlLimits } from './bookshop.js'

/** Depth of a selection set, following fragments once; introspection (`__schema`, `__type`) is not counted. */
function depthOf(set: SelectionSetNode, context: ValidationContext, seen: Set<string>): number {
  let deepest = 0
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue
      const below = selection.selectionSet ? depthOf(selection.selectionSet, context, seen) : 0
      deepest = Math.max(deepest, 1 + below)
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, context, seen))
    } else if (!seen.has(selection.name.value)) {
      const fragment = context.getFragment(selection.name.value)
      const inner = new Set(seen).add(selection.name.value)
      if (fragment) deepest = Math.max(deepest, depthOf(fragment.selectionSet, context, inner))
    }
  }
  return deepest
}

export function maxDepthRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      const depth = depthOf(node.selectionSet, context, new Set())
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
