// The reading module the worker runs (read-worker.ts): swapping it is this one line.
export { readFeed, type FeedReading, type ReadFeedOptions } from "./read-feed.ts";
