import type { IncomingMessage } from "node:http";
import { Busboy } from "@fastify/busboy";
import type { BusboyFileStream } from "@fastify/busboy";
import { ScrapeError } from "./errors.js";
import { formatBytes } from "./fetch-document.js";
import type { Upload } from "./scrape.js";

/** Limits of {@link readUpload}. */
export interface UploadLimits {
  /** Largest file in bytes; past it → `DOCUMENT_TOO_LARGE`. */
  maxFileBytes: number;
  /** Largest `options` part in bytes. */
  maxOptionsBytes: number;
}

/** A `/v2/parse` request body: the uploaded file and the parsed JSON of its `options` part. */
export interface UploadRequest {
  upload: Upload;
  /** `undefined` when the request has no `options` part. */
  options: unknown;
}

/**
 * Read a `multipart/form-data` request with a `file` part and an optional `options` part (JSON),
 * as Firecrawl's `/v2/parse` takes them. The body is parsed as it streams in (by busboy, with its
 * limits), so an oversized file is refused at the limit instead of after it has all arrived.
 *
 * @throws {ScrapeError} `BAD_REQUEST` when the body is not multipart or has no file,
 *   `BAD_REQUEST_INVALID_JSON` when `options` is not JSON, `DOCUMENT_TOO_LARGE` past the limit.
 */
export function readUpload(req: IncomingMessage, limits: UploadLimits): Promise<UploadRequest> {
  const contentType = req.headers["content-type"] ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    return Promise.reject(
      new ScrapeError("BAD_REQUEST", "The body is not multipart/form-data; send the document as a `file` part and the options as an `options` part."),
    );
  }
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { ...req.headers, "content-type": contentType },
        // Note: one more file than allowed is how a second `file` part is noticed (filesLimit).
        limits: { files: 1, fields: 10, parts: 12, fileSize: limits.maxFileBytes, fieldSize: limits.maxOptionsBytes },
      });
    } catch (error) {
      reject(new ScrapeError("BAD_REQUEST", `The multipart body cannot be read (${(error as Error).message}); check its boundary.`));
      return;
    }
    let file: Promise<Upload> | undefined;
    let optionsText: string | undefined;
    let failure: ScrapeError | undefined;
    const fail = (error: unknown): void => {
      failure ??= ScrapeError.is(error)
        ? error
        : new ScrapeError("BAD_REQUEST", `The upload could not be read (${error instanceof Error ? error.message : String(error)}); send it again.`);
      // Note: the rest of the body is not read; the server closes the connection after answering.
      req.unpipe(parser);
      reject(failure);
    };
    parser.on("file", (name: string, stream: BusboyFileStream, filename: string, _encoding: string, mimeType: string) => {
      if (name !== "file" || file) {
        stream.resume();
        fail(new ScrapeError("BAD_REQUEST", `Unexpected file part "${name}"; send exactly one document, as the \`file\` part.`));
        return;
      }
      file = collect(stream, limits.maxFileBytes, filename || "upload", mimeType);
      file.catch(fail);
    });
    parser.on("field", (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (name !== "options") return fail(new ScrapeError("BAD_REQUEST", `Unexpected field "${name}"; send only \`file\` and \`options\`.`));
      if (valueTruncated) return fail(new ScrapeError("BAD_REQUEST", `The \`options\` part is larger than ${limits.maxOptionsBytes} bytes.`));
      optionsText = value;
    });
    parser.on("filesLimit", () => fail(new ScrapeError("BAD_REQUEST", "More than one file; send exactly one document, as the `file` part.")));
    parser.on("error", (error: unknown) =>
      fail(new ScrapeError("BAD_REQUEST", `The multipart body cannot be read (${(error as Error).message}); send a complete multipart/form-data body.`)),
    );
    parser.on("finish", () => {
      if (failure) return;
      if (!file) return fail(new ScrapeError("BAD_REQUEST", "No `file` part; send the document as a multipart `file` part."));
      let options: unknown;
      try {
        options = optionsText === undefined ? undefined : JSON.parse(optionsText);
      } catch {
        return fail(new ScrapeError("BAD_REQUEST_INVALID_JSON", "The `options` part is not valid JSON; send a JSON object of parse options."));
      }
      file.then((upload) => resolve({ upload, options }), fail);
    });
    req.pipe(parser);
  });
}

/** The file part's bytes, refused with `DOCUMENT_TOO_LARGE` once past the limit. */
function collect(stream: BusboyFileStream, maxBytes: number, filename: string, mimeType: string): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    stream.on("data", (chunk: Buffer) => {
      total += chunk.length;
      chunks.push(chunk);
    });
    stream.on("limit", () => {
      stream.resume();
      reject(
        new ScrapeError("DOCUMENT_TOO_LARGE", `${filename} is larger than the ${formatBytes(maxBytes)} limit; split the document.`, {
          details: { maxBytes },
        }),
      );
    });
    stream.on("error", reject);
    stream.on("end", () => {
      if (stream.truncated) return;
      // Note: a buffer of its own, so the converter (and a worker it is moved to) sees these bytes only.
      const bytes = new Uint8Array(total);
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      const contentType = mimeType && mimeType !== "application/octet-stream" ? mimeType : undefined;
      resolve({ bytes, filename, ...(contentType && { contentType }) });
    });
  });
}
