import { crc32, deflateSync } from "node:zlib";
import { createCanvas } from "@napi-rs/canvas";

/** A bar chart drawn as a PNG: few flat colours, as charts exported from office suites are. */
export function chartPng(width = 320, height = 200): Uint8Array {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  const values = [0.35, 0.6, 0.45, 0.9];
  values.forEach((value, index) => {
    context.fillStyle = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"][index]!;
    const barWidth = width / (values.length * 2);
    context.fillRect(barWidth * (index * 2 + 0.5), height * (1 - value), barWidth, height * value);
  });
  return new Uint8Array(canvas.toBuffer("image/png"));
}

/** A photograph-like JPEG: smooth gradients and grain, thousands of colours. */
export function photoJpeg(width = 300, height = 200, seed = 1): Uint8Array {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  const sky = context.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, "#5b8fd6");
  sky.addColorStop(0.6, "#f2c57c");
  sky.addColorStop(1, "#3d5a2a");
  context.fillStyle = sky;
  context.fillRect(0, 0, width, height);
  const image = context.getImageData(0, 0, width, height);
  let state = seed;
  for (let index = 0; index < image.data.length; index += 4) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const grain = (state % 41) - 20;
    image.data[index] = Math.max(0, Math.min(255, image.data[index]! + grain));
    image.data[index + 1] = Math.max(0, Math.min(255, image.data[index + 1]! + grain));
  }
  context.putImageData(image, 0, 0);
  return new Uint8Array(canvas.toBuffer("image/jpeg", 90));
}

/** A 1x1 pixel image in BMP, a format browsers may not show and the engine turns into PNG. */
export function bmp(width = 40, height = 30): Uint8Array {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + rowBytes * height;
  const bytes = Buffer.alloc(size);
  bytes.write("BM", 0, "latin1");
  bytes.writeUInt32LE(size, 2);
  bytes.writeUInt32LE(54, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(width, 18);
  bytes.writeInt32LE(height, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(24, 28);
  bytes.fill(0x80, 54);
  return new Uint8Array(bytes);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * An image bomb: a valid PNG of a few hundred bytes whose header declares `width` × `height`
 * pixels (50,000 × 50,000 would be 10 GB of RGBA once decoded). The pixel data is a few empty rows.
 */
export function bombPng(width = 50_000, height = 50_000): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.alloc(1024))),
      chunk("IEND", new Uint8Array()),
    ]),
  );
}
