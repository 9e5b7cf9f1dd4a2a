import type { Converter } from "../types.js";

// Placeholder until the converter lands.
export const csvConverter: Converter = {
  formats: ["csv"],
  async convert() {
    throw new Error("not implemented yet");
  },
};
