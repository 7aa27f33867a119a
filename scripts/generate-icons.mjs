// Draws the add-in's icons (a bar chart on a green tile) into assets/ as PNG files.
// The PNGs are committed; rerun `node scripts/generate-icons.mjs` only to change the artwork.
import { writeFileSync, mkdirSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// 192: the unified manifest's colour icon (icons.color); the others: the XML manifest's and the ribbon's.
const SIZES = [16, 32, 64, 80, 128, 192];
// The unified manifest's outline icon (icons.outline): white on transparent, 32x32.
const OUTLINE_SIZE = 32;
const SUPERSAMPLING = 4;
const TILE = [0x21, 0x73, 0x46]; // Excel green, so the button reads as a spreadsheet tool.
const BAR = [0xff, 0xff, 0xff];

/** Shapes in unit coordinates (0..1, y downwards); the first that contains a point paints it. */
const BARS = [
  { left: 0.2, right: 0.36, top: 0.55 },
  { left: 0.42, right: 0.58, top: 0.38 },
  { left: 0.64, right: 0.8, top: 0.2 },
];
const BAR_BOTTOM = 0.8;
const TILE_CORNER_RADIUS = 0.18;

function insideRoundedTile(x, y) {
  const r = TILE_CORNER_RADIUS;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The bars alone, white on transparent: Teams and Microsoft 365 tint the outline icon themselves. */
function outlineColourAt(x, y) {
  return BARS.some((bar) => x >= bar.left && x <= bar.right && y >= bar.top && y <= BAR_BOTTOM) ? BAR : undefined;
}

function colourAt(x, y) {
  if (!insideRoundedTile(x, y)) return undefined;
  const onBar = BARS.some((bar) => x >= bar.left && x <= bar.right && y >= bar.top && y <= BAR_BOTTOM);
  return onBar ? BAR : TILE;
}

/** RGBA pixels with anti-aliased edges (each pixel averages SUPERSAMPLING² samples). */
function render(size, paint = colourAt) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = SUPERSAMPLING * SUPERSAMPLING;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        covered = 0;
      for (let sy = 0; sy < SUPERSAMPLING; sy++) {
        for (let sx = 0; sx < SUPERSAMPLING; sx++) {
          const colour = paint((px + (sx + 0.5) / SUPERSAMPLING) / size, (py + (sy + 0.5) / SUPERSAMPLING) / size);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered++;
        }
      }
      const offset = (py * size + px) * 4;
      if (covered > 0) {
        pixels[offset] = Math.round(r / covered);
        pixels[offset + 1] = Math.round(g / covered);
        pixels[offset + 2] = Math.round(b / covered);
      }
      pixels[offset + 3] = Math.round((covered / samples) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

export function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // colour type: RGBA
  // Each scanline starts with filter type 0 (none).
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const assetsDir = join(dirname(fileURLToPath(import.meta.url)), "..", "assets");
mkdirSync(assetsDir, { recursive: true });
for (const size of SIZES) {
  const file = join(assetsDir, `icon-${size}.png`);
  writeFileSync(file, encodePng(size, render(size)));
  console.log(`wrote ${file}`);
}
const outline = join(assetsDir, `icon-outline-${OUTLINE_SIZE}.png`);
writeFileSync(outline, encodePng(OUTLINE_SIZE, render(OUTLINE_SIZE, outlineColourAt)));
console.log(`wrote ${outline}`);
