/** The GraphQL demo: the Bookshop schema over yoga with graphql-ws and graphql-sse, and the starter used by `startDemo`. */
export { graphqlLimits } from './bookshop.js'
export { startGraphqlDemo } from './server.js'
export { typeDefs as bookshopTypeDefs } from './type-defs.js'
