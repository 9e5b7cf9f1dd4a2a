import { parentPort } from "node:worker_threads";
import { convert } from "./convert.js";
import { ScrapeError } from "./errors.js";
import type { ConversionJob, ConversionReply } from "./conversion-pool.js";

/**
 * A conversion pool's worker: converts one document per message and answers with the result or
 * the error's code and message. It holds no state between documents.
 */
parentPort!.on("message", (job: ConversionJob) => {
  void convert(job.bytes, job.options).then(
    (result): void => reply({ ok: true, result }),
    (error: unknown): void => {
      const scrapeError = ScrapeError.is(error);
      reply({
        ok: false,
        code: scrapeError ? error.code : "INTERNAL",
        message: error instanceof Error ? error.message : String(error),
        ...(scrapeError && error.details && { details: error.details }),
      });
    },
  );
});

function reply(message: ConversionReply): void {
  // Note: pictures' bytes are moved to the main thread, not copied.
  const pictures = message.ok ? (message.result.images ?? []).map((image) => image.bytes.buffer as ArrayBuffer) : [];
  parentPort!.postMessage(message, [...new Set(pictures)]);
}
