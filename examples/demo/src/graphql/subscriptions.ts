/** Subscription resolvers: `reviewAdded` from the review feed, `tick` as a bounded counter. */
import { Repeater, filter, pipe } from 'graphql-yoga'
import type { Review } from '../rest/store/types.js'
import type { Bookshop } from './bookshop.js'
import { badInput, graphqlLimits } from './bookshop.js'

export interface Tick {
  n: number
  at: string
  last: boolean
}

function ticks(every: number, count: number): Repeater<Tick> {
  if (every < graphqlLimits.minTickMs || every > graphqlLimits.maxTickMs) {
    throw badInput(`every must be from ${graphqlLimits.minTickMs} to ${graphqlLimits.maxTickMs} milliseconds.`)
  }
  if (count < 1 || count > graphqlLimits.maxTicks) throw badInput(`count must be from 1 to ${graphqlLimits.maxTicks}.`)
  // A Repeater (not an async generator) so that unsubscribing clears the timer at once instead of after the next tick.
  return new Repeater<Tick>(async (push, stop) => {
    let n = 0
    const timer = setInterval(() => {
      n++
      void push({ n, at: new Date().toISOString(), last: n === count })
      if (n === count) stop()
    }, every)
    await stop
    clearInterval(timer)
  })
}

export function subscriptionResolvers(shop: Bookshop) {
  return {
    reviewAdded: {
      subscribe: (_: unknown, args: { bookId?: string | null }) =>
        pipe(
          shop.pubSub.subscribe('reviewAdded'),
          filter((review: Review) => args.bookId == null || String(review.bookId) === args.bookId),
        ),
      resolve: (review: Review) => review,
    },
    tick: {
      subscribe: (_: unknown, args: { every: number; count: number }) => ticks(args.every, args.count),
      resolve: (tick: Tick) => tick,
    },
  }
}
