/**
 * Superscript, subscript or the baseline, as an ODF `style:text-position` sets it: "super 58%",
 * "sub 58%", or a signed percentage of the line ("33% 58%" raises, "-33% 58%" lowers, "0% 100%" is
 * the baseline). `undefined` when the style does not say. Shared by the ODT and ODP readers.
 */
export function raisedByTextPosition(position: string | null | undefined): "sup" | "sub" | "baseline" | undefined {
  const [shift] = (position ?? "").trim().split(/\s+/);
  if (!shift) return undefined;
  if (shift === "super") return "sup";
  if (shift === "sub") return "sub";
  const percent = Number.parseFloat(shift);
  if (Number.isNaN(percent)) return undefined;
  return percent > 0 ? "sup" : percent < 0 ? "sub" : "baseline";
}
