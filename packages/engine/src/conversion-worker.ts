import { convert } from "./convert.js";
import type { ConversionJob } from "./conversion-pool.js";
import { serveWorkerJobs } from "./worker-jobs.js";

// A conversion pool's worker: converts one document per job. It holds no state between documents.
serveWorkerJobs((job: ConversionJob) => convert(job.bytes, job.options));
