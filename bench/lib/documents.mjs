const WORDS = (
  "water supply budget members staff report quarter policy travel meeting review council estuary " +
  "household invoice contract safety training record audit pipeline reservoir pressure station " +
  "energy maintenance schedule approval committee annual summary figure table section appendix"
).split(" ");

/** A small deterministic pseudo-random generator (mulberry32), so every run writes the same text. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(next, words) {
  const text = Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]).join(" ");
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/**
 * The Markdown of generated document `index`: a title, sections with paragraphs, a list and a
 * table — about 3 KB, the shape of a converted report.
 *
 * @param {number} index
 * @returns {{ id: string, title: string, markdown: string }}
 */
export function generatedDocument(index) {
  const next = random(index + 1);
  const id = `doc-${String(index).padStart(4, "0")}`;
  const title = `Report ${index}: ${sentence(next, 3).slice(0, -1)}`;
  const sections = [`# ${title}`];
  for (let section = 1; section <= 4; section++) {
    sections.push(`## Section ${section}: ${sentence(next, 2).slice(0, -1)}`);
    sections.push(Array.from({ length: 5 }, () => sentence(next, 12)).join(" "));
    if (section === 2) sections.push(Array.from({ length: 4 }, () => `- ${sentence(next, 6)}`).join("\n"));
    if (section === 3) {
      const rows = Array.from({ length: 5 }, (_, row) => `| ${WORDS[row]} | ${Math.floor(next() * 1000)} | ${sentence(next, 3)} |`);
      sections.push(["| Item | Amount | Note |", "| --- | --- | --- |", ...rows].join("\n"));
    }
  }
  return { id, title, markdown: `${sections.join("\n\n")}\n` };
}
