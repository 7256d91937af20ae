/**
 * Whether an answer to the introspection GET comes from a GraphQL server, judged only by what a GraphQL server says
 * and a REST API does not: never by words the probe itself sent (`query`, `operationName`, `IntrospectionQuery`, the
 * names in the introspection text, `graphql` in the Accept header), which a REST API echoes back in its complaints
 * about unknown parameters.
 */
import type { GraphqlErrorLike } from './errors.js'

/**
 * What GraphQL servers answer when they run no operation by GET, or refuse a GET as a possible CSRF. Each is a whole
 * phrase of a real server, none of them made of words the probe sends.
 */
const serverWordings: readonly RegExp[] = [
  // express-graphql, koa-graphql, graphene, strawberry, older yoga
  /\bcan only perform an? \w+ operation from a POST request\b/i,
  // graphql-http (the reference implementation), yoga 5, Hive router
  /\bcannot perform mutations over GET\b/i,
  // Apollo Server 4 and 5
  /\bGET requests only support query operations\b/i,
  // Apollo Server 1 and 2
  /\bApollo Server supports only (GET\/)?POST requests\b/i,
  // Apollo Server's CSRF prevention (the answer also carries `extensions.code`)
  /\bblocked as a potential Cross-Site Request Forgery\b/i,
  // Mercurius, graphql-helix
  /\bcannot be performed via a GET request\b/i,
  // Hot Chocolate
  /\bthe specified operation kind is not allowed\b/i,
  // express-graphql and its ports, for methods other than GET and POST
  /\bGraphQL only supports GET and POST requests\b/i,
]

/** A known refusal of a GraphQL server in `text` (an error message, or a plain-text body). */
export function hasServerWording(text: string): boolean {
  return serverWordings.some((wording) => wording.test(text))
}

export interface ProbeAnswer {
  contentType: string
  /** The parsed JSON body's GraphQL-shaped errors, when it has them. */
  errors: readonly GraphqlErrorLike[] | undefined
  /** The body as text when it is not JSON (a plain-text refusal), else undefined. */
  text: string | undefined
}

/**
 * A GraphQL content type, errors marked the way GraphQL servers mark them (`locations`, an `extensions.code`), or a
 * known refusal wording of a real GraphQL server.
 */
export function showsGraphqlServer(answer: ProbeAnswer): boolean {
  if (/^application\/graphql(-response)?\+json/i.test(answer.contentType)) return true
  if (answer.errors) {
    return answer.errors.some(
      (e) =>
        typeof e.extensions?.code === 'string' ||
        Array.isArray((e as { locations?: unknown }).locations) ||
        hasServerWording(e.message),
    )
  }
  return answer.text !== undefined && hasServerWording(answer.text)
}
