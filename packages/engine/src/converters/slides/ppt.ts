import type { Deck } from "./model.js";
export function readPpt(_bytes: Uint8Array, _name: string, _onlyMainContent: boolean): Deck {
  throw new Error("not yet");
}
