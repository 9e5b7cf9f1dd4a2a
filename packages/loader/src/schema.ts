import { z } from "astro/zod";
import { DOCUMENT_FORMATS } from "docscrape/formats";

/** The document formats an entry can have: the engine's, or `"unknown"` when neither the scraper nor the URL tells. */
export const documentFormats = [...DOCUMENT_FORMATS, "unknown"] as const;

/** A document format, e.g. `"pdf"`. */
export type DocumentFormatName = (typeof documentFormats)[number];

/** A heading of the document: `slug` is its `id` in the rendered HTML. */
export const headingSchema = z.object({
  depth: z.number().int().min(1).max(6),
  slug: z.string(),
  text: z.string(),
});

/**
 * The `data` of every entry the loader stores. Extend it with the fields of your documents'
 * `data`: `schema: documentSchema.extend({ team: z.string() })`.
 * Note: a loose object, so `data` given in `documents` survives even without an extended schema.
 */
export const documentSchema = z.looseObject({
  title: z.string(),
  description: z.string(),
  /** The document as configured: its URL, or a local path as written (never the build machine's absolute path). */
  sourceUrl: z.string(),
  contentType: z.string().optional(),
  format: z.enum(documentFormats),
  /** PDF page count. */
  pages: z.number().int().nonnegative().optional(),
  /** Spreadsheet sheet names. */
  sheets: z.array(z.string()).optional(),
  language: z.string().optional(),
  headings: z.array(headingSchema),
  wordCount: z.number().int().nonnegative(),
  /** When the content was scraped (or last confirmed unchanged). */
  fetchedAt: z.coerce.date(),
});

/** An entry's `data`, as the loader stores it. */
export type DocumentData = z.infer<typeof documentSchema>;
