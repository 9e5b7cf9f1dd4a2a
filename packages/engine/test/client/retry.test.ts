import { describe, expect, it } from "vitest";
import { ScrapeClientError } from "../../src/client-error.js";
import { errorForStatus, parseRetryAfter, parseRetryAfterText, resolveRetryOptions, withRetry } from "../../src/retry.js";

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("12", now)).toBe(12_000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Wed, 31 Dec 2025 23:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe("parseRetryAfterText", () => {
  it("reads Firecrawl's 'retry after Ns' text", () => {
    expect(parseRetryAfterText("Rate limit exceeded. Consumed (req/min): 11, Remaining (req/min): 0. Upgrade your plan at https://firecrawl.dev/pricing for increased rate limits or please retry after 12s, resets at Mon Nov 23 2026")).toBe(12_000);
    expect(parseRetryAfterText("Too many requests")).toBeUndefined();
  });
});

describe("errorForStatus", () => {
  it.each([
    [401, undefined, "AUTH_FAILED", false],
    [402, undefined, "AUTH_FAILED", false],
    [403, "URL_BLOCKED", "SCRAPE_FAILED", false],
    [404, undefined, "DOCUMENT_NOT_FOUND", false],
    [408, undefined, "SCRAPE_TIMEOUT", true],
    [413, undefined, "SCRAPE_FAILED", false],
    [429, undefined, "RATE_LIMITED", true],
    [502, undefined, "SCRAPE_FAILED", true],
  ])("maps %i (%s) to %s, retryable %s", (status, serverCode, code, retryable) => {
    const error = errorForStatus({ url: "https://a.example/x.pdf", status, serverCode });
    expect(error).toMatchObject({ code, retryable, status });
    expect(error.message).toContain("https://a.example/x.pdf");
  });
});

describe("withRetry", () => {
  const fast = { ...resolveRetryOptions({ retries: 3, minTimeout: 1, maxTimeout: 5 }) };

  it("retries transient failures and reports each retry", async () => {
    const seen: number[] = [];
    let attempts = 0;
    const result = await withRetry(
      async () => {
        attempts += 1;
        if (attempts < 3) throw new ScrapeClientError("SCRAPE_FAILED", "busy", { retryable: true });
        return "done";
      },
      fast,
      { onRetry: (_error, attempt) => seen.push(attempt) },
    );
    expect(result).toBe("done");
    expect(seen).toEqual([1, 2]);
  });

  it("fails at once on a permanent failure or a foreign error", async () => {
    let attempts = 0;
    const permanent = new ScrapeClientError("AUTH_FAILED", "bad key");
    await expect(withRetry(async () => { attempts += 1; throw permanent; }, fast)).rejects.toBe(permanent);
    await expect(withRetry(async () => { attempts += 1; throw new TypeError("bug"); }, fast)).rejects.toThrow("bug");
    expect(attempts).toBe(2);
  });

  it("caps a server's Retry-After at maxTimeout", async () => {
    let attempts = 0;
    const started = Date.now();
    await withRetry(async () => {
      attempts += 1;
      if (attempts === 1) throw new ScrapeClientError("RATE_LIMITED", "slow down", { retryable: true, retryAfterMs: 60_000 });
      return "ok";
    }, { ...fast, maxTimeout: 50 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("stops retrying when its signal aborts", async () => {
    const controller = new AbortController();
    let attempts = 0;
    const failing = withRetry(async () => {
      attempts += 1;
      controller.abort(new Error("cancelled"));
      throw new ScrapeClientError("SCRAPE_FAILED", "busy", { retryable: true });
    }, fast, { signal: controller.signal });
    await expect(failing).rejects.toThrow("cancelled");
    expect(attempts).toBe(1);
  });
});
