/** The SSE demo: a resumable station feed, and the starter used by `startDemo`. */
export { feedEvent, feedStations, formatEvent } from './feed.js'
export type { FeedEvent } from './feed.js'
export { sseLimits } from './options.js'
export { startSseDemo } from './server.js'
