import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createImageStore } from "../src/image-store.js";
import { PIXEL_NAME, PIXEL_PNG } from "./helpers/pictures.js";

const temp = await mkdtemp(join(tmpdir(), "docscrape-images-"));
afterAll(() => rm(temp, { recursive: true, force: true }));
let count = 0;
const freshDir = () => join(temp, `store-${count++}`);

describe("createImageStore", () => {
  it("writes the engine's pictures to files and keeps them listed without their bytes", async () => {
    const store = createImageStore(freshDir());
    const saved = await store.save({
      markdown: `![A dot](${PIXEL_NAME})\n`,
      metadata: {},
      images: [{ name: PIXEL_NAME, contentType: "image/png", bytes: PIXEL_PNG, alt: "A dot", width: 1, height: 1 }],
    });
    expect(saved.images).toEqual([{ name: PIXEL_NAME, contentType: "image/png", alt: "A dot", width: 1, height: 1 }]);
    expect(Buffer.from(await readFile(join(store.dir, PIXEL_NAME))).equals(Buffer.from(PIXEL_PNG))).toBe(true);
    expect(await store.hasAll(saved)).toBe(true);
    await rm(join(store.dir, PIXEL_NAME));
    expect(await store.hasAll(saved)).toBe(false);
  });

  it("takes inline data: URIs (from an HTTP API) out of the Markdown and names them by their hash", async () => {
    const store = createImageStore(freshDir());
    const uri = `data:image/png;base64,${Buffer.from(PIXEL_PNG).toString("base64")}`;
    const saved = await store.save({ markdown: `Before\n\n![A \\[dot\\]](${uri})\n\nand again ![](${uri})\n`, metadata: {} });
    const [image] = saved.images!;
    expect(image!.name).toMatch(/^image-[0-9a-f]{16}\.png$/);
    expect(saved.markdown).toBe(`Before\n\n![A \\[dot\\]](${image!.name})\n\nand again ![](${image!.name})\n`);
    expect(image).toMatchObject({ contentType: "image/png", alt: "A [dot]" });
    expect(await readdir(store.dir)).toEqual([image!.name]);
  });

  it("never writes a name that is not a picture hash (a hostile scraper's ../../)", async () => {
    const store = createImageStore(freshDir());
    const saved = await store.save({
      markdown: "![x](../../escape.png)\n",
      metadata: {},
      images: [{ name: "../../escape.png", contentType: "image/png", bytes: PIXEL_PNG }],
    });
    expect(saved.images).toBeUndefined();
    await expect(readdir(store.dir)).rejects.toThrow();
  });
});
