// `docscrape/worker`: what a worker thread of a pool made with `createWorkerPool` needs, without
// the server, its request schemas or the HTTP client (which load only for a remote document), so
// that each worker of a build starts in a fraction of the time the whole engine takes to import.
export { serveWorkerJobs } from "./worker-jobs.js";
export type { WorkerReply } from "./worker-jobs.js";
export { convert } from "./convert.js";
export { scrape } from "./scrape.js";
