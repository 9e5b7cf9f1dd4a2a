import type { Canvas } from "@napi-rs/canvas";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { readingViewport } from "./operators.js";

/** A page rendered by pdf.js at `scale` (1 = 72 dpi) on a white canvas, turned `turn` degrees clockwise beyond its own rotation. */
export async function renderPage(page: PDFPageProxy, scale: number, turn = 0): Promise<Canvas> {
  // Note: Skia loads on the first render (OCR, figures), not with every PDF.
  const { createCanvas } = await import("@napi-rs/canvas");
  const viewport = readingViewport(page, turn, scale);
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  // Note: scans are often transparent images and figures transparent drawings; both read as black on white.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  const parameters = { canvas, canvasContext: context, viewport } as unknown as Parameters<PDFPageProxy["render"]>[0];
  await page.render(parameters).promise;
  return canvas;
}
