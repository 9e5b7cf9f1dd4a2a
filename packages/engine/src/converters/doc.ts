import type { Converter } from "../types.js";

// Placeholder until the converter lands.
export const docConverter: Converter = {
  formats: ["doc"],
  async convert() {
    throw new Error("not implemented yet");
  },
};
