#!/usr/bin/env node
// Writes the one picture document the tests cannot generate themselves: a PPT (PowerPoint
// 97-2003, a binary format no npm library writes) holding a PNG chart, saved by LibreOffice from
// flat OpenDocument XML written here. The output is committed beside this script so that CI needs
// no LibreOffice; run `node --experimental-strip-types make-files.mts` here (Node 22, with
// `soffice` on the PATH) to make it again.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chartPng } from "../make-images.ts";

const FILES = fileURLToPath(new URL("./", import.meta.url));

const png = chartPng();
const fodp = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:body><office:presentation>
<draw:page draw:name="page1">
<draw:frame presentation:class="title" svg:x="1cm" svg:y="1cm" svg:width="20cm" svg:height="2cm"><draw:text-box><text:p>Sales by quarter</text:p></draw:text-box></draw:frame>
<draw:frame svg:x="1cm" svg:y="4cm" svg:width="8cm" svg:height="5cm"><draw:image><office:binary-data>${Buffer.from(png).toString("base64")}</office:binary-data></draw:image><svg:title>Bar chart</svg:title><svg:desc>Four bars, the last the tallest</svg:desc></draw:frame>
</draw:page>
</office:presentation></office:body></office:document>`;

const work = mkdtempSync(join(tmpdir(), "docscrape-images-"));
writeFileSync(join(work, "gen_picture-deck.fodp"), fodp);
execFileSync("soffice", ["--headless", `-env:UserInstallation=file://${work}/profile`, "--convert-to", "ppt", "--outdir", work, join(work, "gen_picture-deck.fodp")], { stdio: "ignore" });
copyFileSync(join(work, "gen_picture-deck.ppt"), join(FILES, "gen_picture-deck.ppt"));
