#!/usr/bin/env node
/**
 * Product images for the seed accessories (underlayment rolls, adhesive pails, moldings).
 *
 * Nothing is fetched: each image is an SVG drawn from the accessory's kind and color_code (a
 * roll, a pail, or a molding's length beside its profile), encoded to WebP with `sharp`, which is
 * deliberately NOT a dependency of the repo (as for generate-product-images.mjs).
 *
 * How to run (from the repository root):
 *   npm install --prefix /tmp/pimg sharp@0.35.5
 *   node scripts/images/generate-accessory-images.mjs
 * Environment: SHARP_PREFIX=/some/dir  where `npm install --prefix` put sharp (default /tmp/pimg)
 *
 * Input:  server/src/db/seed/sample-accessories.csv (the sample catalogue's accessories)
 * Output: web/public/img/products/{sku}-thumb.webp 400x400 and {sku}.webp 1000x1000.
 * Output is deterministic.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadSampleCatalogue } from "./sample-catalogue.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OUT_DIR = path.join(ROOT, "web/public/img/products");
const require = createRequire(path.join(process.env.SHARP_PREFIX ?? "/tmp/pimg", "index.js"));
const sharp = require("sharp");


const hexToRgb = (hex) => {
  const h = (hex || "#b8925f").replace("#", "");
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
};
const shade = (hex, factor) => {
  const [r, g, b] = hexToRgb(hex).map((c) =>
    Math.max(0, Math.min(255, Math.round(factor >= 1 ? c + (255 - c) * (factor - 1) : c * factor))),
  );
  return `rgb(${r},${g},${b})`;
};
/** A deterministic stream of numbers in [0,1) from a string. */
function random(seedText) {
  let h = 2166136261;
  for (const ch of seedText) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822519);
    h = Math.imul(h ^ (h >>> 13), 3266489917);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const backdrop = `<defs>
  <radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#fbf8f2"/><stop offset="1" stop-color="#e9e2d6"/></radialGradient>
  <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>
</defs>
<rect width="1000" height="1000" fill="url(#bg)"/>`;

/** Grain lines along a molding's length, clipped to its face. */
function grain(color, rnd, x0, x1, y0, y1, clipId) {
  const lines = [];
  for (let i = 0; i < 28; i++) {
    const y = y0 + (y1 - y0) * rnd();
    const wobble = 2 + rnd() * 6;
    const tone = shade(color, 0.72 + rnd() * 0.2);
    lines.push(
      `<path d="M${x0} ${y.toFixed(1)} C ${x0 + 250} ${(y - wobble).toFixed(1)}, ${x1 - 250} ${(y + wobble).toFixed(1)}, ${x1} ${y.toFixed(1)}" stroke="${tone}" stroke-width="${(1 + rnd() * 2.5).toFixed(1)}" fill="none" opacity="0.55"/>`,
    );
  }
  return `<g clip-path="url(#${clipId})">${lines.join("")}</g>`;
}

/** Cross-section outlines of each molding, drawn in a 200 × 120 box. */
const profiles = {
  transition: "M0 20 L200 20 L200 34 L120 40 L120 120 L80 120 L80 40 L0 34 Z",
  reducer: "M0 20 L120 20 Q170 22 200 96 L200 104 L60 104 L60 40 L0 40 Z",
  stair_nose: "M0 40 L150 40 Q200 40 200 80 Q200 120 150 120 L120 120 L120 70 L0 70 Z",
  quarter_round: "M0 120 L0 20 A100 100 0 0 1 100 120 Z",
};

function moldingSvg(item) {
  const rnd = random(item.sku);
  const color = item.color_code;
  const profile = profiles[item.accessory_kind];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">${backdrop}
  <ellipse cx="520" cy="700" rx="420" ry="40" fill="#000" opacity="0.16" filter="url(#soft)"/>
  <clipPath id="face"><path d="M90 560 L860 330 L910 380 L140 620 Z"/></clipPath>
  <path d="M140 620 L910 380 L910 420 L140 668 Z" fill="${shade(color, 0.62)}"/>
  <path d="M90 560 L860 330 L910 380 L140 620 Z" fill="${shade(color, 1)}"/>
  ${grain(color, rnd, 60, 940, 300, 650, "face")}
  <path d="M90 560 L860 330 L910 380 L140 620 Z" fill="none" stroke="${shade(color, 0.55)}" stroke-width="3"/>
  <path d="M90 560 L140 620 L140 668 L90 606 Z" fill="${shade(color, 0.5)}"/>
  <g transform="translate(560 640) scale(1.6)">
    <rect x="-20" y="-10" width="240" height="150" rx="12" fill="#ffffff" opacity="0.9"/>
    <path d="${profile}" fill="${shade(color, 0.9)}" stroke="${shade(color, 0.45)}" stroke-width="3"/>
  </g>
</svg>`;
}

function rollSvg(item) {
  const color = item.color_code;
  const rnd = random(item.sku);
  const rings = [];
  for (let r = 30; r < 190; r += 12 + rnd() * 6)
    rings.push(
      `<ellipse cx="300" cy="520" rx="${(r * 0.55).toFixed(1)}" ry="${r.toFixed(1)}" fill="none" stroke="${shade(color, 0.7)}" stroke-width="2"/>`,
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">${backdrop}
  <ellipse cx="520" cy="760" rx="440" ry="46" fill="#000" opacity="0.16" filter="url(#soft)"/>
  <path d="M300 710 L930 740 L930 770 L280 745 Z" fill="${shade(color, 0.85)}"/>
  <path d="M300 330 L780 330 Q885 520 780 710 L300 710 Z" fill="${shade(color, 0.95)}"/>
  <path d="M300 330 L780 330 Q885 520 780 710 L300 710 Z" fill="#ffffff" opacity="0.12"/>
  <rect x="300" y="470" width="480" height="60" fill="#ffffff" opacity="0.85"/>
  <rect x="330" y="488" width="180" height="10" fill="${shade(color, 0.5)}"/>
  <rect x="330" y="505" width="120" height="8" fill="${shade(color, 0.7)}"/>
  <ellipse cx="300" cy="520" rx="105" ry="190" fill="${shade(color, 1.12)}" stroke="${shade(color, 0.6)}" stroke-width="4"/>
  ${rings.join("")}
  <ellipse cx="300" cy="520" rx="14" ry="26" fill="${shade(color, 0.4)}"/>
</svg>`;
}

function pailSvg(item) {
  const color = item.color_code;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">${backdrop}
  <ellipse cx="500" cy="835" rx="300" ry="40" fill="#000" opacity="0.18" filter="url(#soft)"/>
  <path d="M280 300 L720 300 L680 820 Q500 850 320 820 Z" fill="#f4f4f2" stroke="#c9c6bf" stroke-width="4"/>
  <path d="M300 470 L700 470 L688 640 L312 640 Z" fill="${shade(color, 0.85)}"/>
  <rect x="360" y="505" width="280" height="34" rx="6" fill="#ffffff" opacity="0.92"/>
  <rect x="380" y="560" width="240" height="16" rx="4" fill="#ffffff" opacity="0.7"/>
  <rect x="380" y="590" width="160" height="14" rx="4" fill="#ffffff" opacity="0.55"/>
  <ellipse cx="500" cy="300" rx="232" ry="46" fill="#e7e5e0" stroke="#bdb9b1" stroke-width="4"/>
  <ellipse cx="500" cy="290" rx="212" ry="36" fill="#efeeea"/>
  <path d="M282 330 Q500 80 718 330" fill="none" stroke="#6b6b6b" stroke-width="10"/>
  <path d="M640 276 Q700 230 760 260" fill="none" stroke="${shade(color, 0.6)}" stroke-width="0"/>
</svg>`;
}

const drawers = { underlayment: rollSvg, adhesive: pailSvg };

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const item of loadSampleCatalogue("sample-accessories.csv")) {
    const svg = (drawers[item.accessory_kind] ?? moldingSvg)(item);
    const base = path.join(OUT_DIR, item.sku.toLowerCase());
    const image = sharp(Buffer.from(svg));
    await image.clone().resize(1000, 1000).webp({ quality: 80 }).toFile(`${base}.webp`);
    await image.clone().resize(400, 400).webp({ quality: 78 }).toFile(`${base}-thumb.webp`);
  }
  console.log("accessory images written to", path.relative(ROOT, OUT_DIR));
}

await main();
