import type { Converter } from "../types.js";

// Placeholder until the converter lands.
export const pdfConverter: Converter = {
  formats: ["pdf"],
  async convert() {
    throw new Error("not implemented yet");
  },
};
