import type { Converter } from "../types.js";

// Placeholder until the converter lands.
export const spreadsheetConverter: Converter = {
  formats: ["xlsx", "xls", "ods"],
  async convert() {
    throw new Error("not implemented yet");
  },
};
