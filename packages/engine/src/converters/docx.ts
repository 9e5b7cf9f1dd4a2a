import type { Converter } from "../types.js";

// Placeholder until the converter lands.
export const docxConverter: Converter = {
  formats: ["docx"],
  async convert() {
    throw new Error("not implemented yet");
  },
};
