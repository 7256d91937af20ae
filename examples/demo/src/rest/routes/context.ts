/** What every route module receives: where to register operations and the state of this app instance. */
import type { OperationTarget } from '../http/operation-route.js'
import type { BookshopData } from '../store/types.js'

export interface RouteContext extends OperationTarget {
  data: BookshopData
}
