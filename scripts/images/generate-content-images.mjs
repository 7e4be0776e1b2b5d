#!/usr/bin/env node
import { mkdir, stat, writeFile } from "node:fs/promises";
/**
 * generate-content-images.mjs
 *
 * Draws every content image for the Magic City Floors site procedurally
 * (SVG strings rendered with `sharp`). Nothing is fetched from the network.
 *
 * Outputs (paths relative to the repository root):
 *   web/public/img/blog/areas/birmingham/{area-slug}.png   800x450 PNG (palette, < 50 KB)
 *   web/public/img/blog/{post-slug}.png                   800x450 PNG (palette, < 50 KB)
 *   web/public/img/gallery/{name}.webp                    1200x800 WebP (< 80 KB)
 *   web/public/img/gallery/hardwood-living-room-hero.webp the home hero's copy (quality 40)
 *   web/public/img/partners/{slug}.svg                    240x120 SVG wordmarks
 *
 * sharp is NOT a dependency of the app. Install it into a scratch folder and
 * point the script at it:
 *
 *   npm install --prefix /tmp/imggen sharp@0.35.5
 *   SHARP_MODULE=/tmp/imggen/node_modules/sharp node scripts/images/generate-content-images.mjs
 *
 * (NODE_PATH=/tmp/imggen/node_modules also works, because sharp is loaded
 * through createRequire, which honours NODE_PATH.)
 *
 * Text is set in "DejaVu Sans" (falls back to Liberation Sans / sans-serif),
 * which must be installed on the machine (Debian: fonts-dejavu-core).
 *
 * The output is deterministic: every random choice comes from a PRNG seeded
 * with the image's slug.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const sharp = require(process.env.SHARP_MODULE || "sharp");

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const OUT = {
  areas: path.join(ROOT, "web/public/img/blog/areas/birmingham"),
  blog: path.join(ROOT, "web/public/img/blog"),
  gallery: path.join(ROOT, "web/public/img/gallery"),
  partners: path.join(ROOT, "web/public/img/partners"),
};

// ---------------------------------------------------------------------------
// Palette
// ---------------------------------------------------------------------------
const C = {
  navy: "#1f2a44",
  navy2: "#2f3d5e",
  navy3: "#4a5a7c",
  navyTint: "#dfe4ee",
  oak: "#b7793f",
  oakLight: "#d39b5e",
  oakPale: "#e6c398",
  oakDark: "#8a5a2d",
  oakDeep: "#6b4322",
  cream: "#f6efe4",
  cream2: "#ece1cf",
  cream3: "#ddcdb3",
  sage: "#7c8f6a",
  sageLight: "#a3b38f",
  sagePale: "#cdd7c0",
  sageDark: "#5c6d4d",
  sageDeep: "#45533a",
  brick: "#9c4a3a",
  brickLight: "#bf6e5b",
  brickPale: "#e2b8ab",
  brickDark: "#7a3529",
  water: "#6f8fa6",
  waterLight: "#9db6c6",
  white: "#ffffff",
};

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

// Floor tones for the plank band: [base shades..., gap colour]
const WOODS = {
  whiteOak: ["#d8b48a", "#cfa679", "#e0c09a", "#c89d6f", "#8c6540"],
  redOak: ["#c4864f", "#b8773f", "#cf9560", "#ad6e3c", "#6b4322"],
  honey: ["#d39b5e", "#c68a4c", "#dcaa6e", "#bb8043", "#7a5028"],
  heartPine: ["#c8813e", "#b86f31", "#d4914d", "#a8632b", "#6a3d1a"],
  walnut: ["#7a5234", "#6b462b", "#86603f", "#5d3c25", "#3a2516"],
  hickory: ["#d6a872", "#b98551", "#e2bd8c", "#a5703f", "#6b4322"],
  greyWash: ["#b9ab98", "#a99a86", "#c7baa7", "#9d8e7b", "#6f6354"],
  lvpBrown: ["#a88463", "#98765a", "#b6937a", "#8c6b4f", "#5e4633"],
};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------
function hashString(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
function makeRng(seed) {
  let a = hashString(String(seed));
  const rnd = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  rnd.range = (lo, hi) => lo + (hi - lo) * rnd();
  rnd.int = (lo, hi) => Math.floor(rnd.range(lo, hi + 1));
  rnd.pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  return rnd;
}
const f1 = (n) => Math.round(n * 10) / 10;
const pts = (arr) => arr.map(([x, y]) => `${f1(x)},${f1(y)}`).join(" ");
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const poly = (p, fill, extra = "") => `<polygon points="${pts(p)}" fill="${fill}" ${extra}/>`;
const rect = (x, y, w, h, fill, extra = "") =>
  `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" fill="${fill}" ${extra}/>`;
const circle = (cx, cy, r, fill, extra = "") =>
  `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(r)}" fill="${fill}" ${extra}/>`;

const textWidthCache = new Map();
async function measureText(text, size, bold = true) {
  const key = `${text}|${size}|${bold}`;
  if (textWidthCache.has(key)) return textWidthCache.get(key);
  const font = `DejaVu Sans${bold ? " Bold" : ""} ${size}`;
  const { info } = await sharp({ text: { text: esc(text), font, dpi: 72 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  textWidthCache.set(key, info.width);
  return info.width;
}

// ---------------------------------------------------------------------------
// Banner building blocks (800 x 450, ground line at y = GROUND)
// ---------------------------------------------------------------------------
const W = 800;
const H = 450;
const GROUND = 338;
const BAND_TOP = 346;

function sky(theme, panel) {
  theme = { ...theme };
  const sx = theme.sunX ?? (theme.night ? 690 : 660);
  const sy = theme.sunY ?? (theme.night ? 70 : 92);
  // keep the sun / moon clear of the title panel
  if (panel && sx - 44 < panel.right + 18 && sy - 44 < panel.bottom + 10)
    theme.sunX = panel.right + 90;
  let s = rect(0, 0, W, H, theme.sky);
  if (theme.night) {
    const rng = makeRng("stars" + theme.sky);
    for (let i = 0; i < 40; i++)
      s += circle(
        rng.range(0, W),
        rng.range(0, 220),
        rng.range(0.8, 1.8),
        C.cream,
        'opacity="0.8"',
      );
    s += circle(theme.sunX ?? 690, 70, 26, C.cream);
    s += circle((theme.sunX ?? 690) + 11, 62, 24, theme.sky);
  } else if (theme.sun !== false) {
    s += circle(theme.sunX ?? 660, theme.sunY ?? 92, 38, theme.sunColor ?? C.oakPale);
  }
  return s;
}

function cloud(x, y, s, fill = C.white, op = 0.85) {
  return `<g opacity="${op}" fill="${fill}"><ellipse cx="${x}" cy="${y}" rx="${34 * s}" ry="${12 * s}"/><circle cx="${x - 12 * s}" cy="${y - 8 * s}" r="${13 * s}"/><circle cx="${x + 9 * s}" cy="${y - 12 * s}" r="${16 * s}"/></g>`;
}

function hills(layers) {
  // layers: [{y, amp, freq, phase, fill}]
  let s = "";
  for (const L of layers) {
    const p = [[0, H]];
    for (let x = 0; x <= W; x += 20) {
      const y =
        L.y -
        L.amp * Math.sin((x / W) * Math.PI * L.freq + L.phase) -
        (L.amp2 ?? 0) * Math.sin((x / W) * Math.PI * L.freq * 2.7 + L.phase * 1.3);
      p.push([x, y]);
    }
    p.push([W, H]);
    s += poly(p, L.fill);
  }
  return s;
}

function hillY(L, x) {
  return (
    L.y -
    L.amp * Math.sin((x / W) * Math.PI * L.freq + L.phase) -
    (L.amp2 ?? 0) * Math.sin((x / W) * Math.PI * L.freq * 2.7 + L.phase * 1.3)
  );
}

function tree(x, base, h, fill = C.sage, trunk = C.oakDark, kind = "round") {
  if (kind === "pine") {
    return (
      rect(x - 2, base - h * 0.25, 4, h * 0.25, trunk) +
      poly(
        [
          [x, base - h],
          [x - h * 0.28, base - h * 0.2],
          [x + h * 0.28, base - h * 0.2],
        ],
        fill,
      )
    );
  }
  const r = h * 0.32;
  return (
    rect(x - 2.5, base - h * 0.45, 5, h * 0.45, trunk) +
    circle(x, base - h + r, r, fill) +
    circle(x - r * 0.55, base - h * 0.55, r * 0.7, fill) +
    circle(x + r * 0.55, base - h * 0.55, r * 0.7, fill)
  );
}

function windowsGrid(x, y, w, h, cols, rows, fill, frame = null) {
  let s = "";
  const gx = w / cols;
  const gy = h / rows;
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      s += rect(
        x + i * gx + gx * 0.22,
        y + j * gy + gy * 0.2,
        gx * 0.56,
        gy * 0.6,
        fill,
        frame ? `stroke="${frame}" stroke-width="1"` : "",
      );
    }
  }
  return s;
}

function building(x, w, h, fill, win, opts = {}) {
  const top = GROUND - h;
  let s = rect(x, top, w, h, fill);
  if (opts.crown === "step") {
    s +=
      rect(x + w * 0.15, top - 14, w * 0.7, 14, fill) +
      rect(x + w * 0.32, top - 26, w * 0.36, 12, fill) +
      rect(x + w * 0.48, top - 44, 3, 18, fill);
  } else if (opts.crown === "slope") {
    s += poly(
      [
        [x, top],
        [x + w, top],
        [x + w, top - 18],
      ],
      fill,
    );
  } else if (opts.crown === "cornice") {
    s += rect(x - 3, top, w + 6, 6, opts.trim ?? fill);
  }
  if (win) {
    const cols = Math.max(2, Math.round(w / 16));
    const rows = Math.max(2, Math.round((h - 12) / 20));
    s += windowsGrid(x + 4, top + 8, w - 8, h - 14, cols, rows, win);
  }
  return s;
}

function skyline(rng, x0, x1, colors, opts = {}) {
  let s = "";
  // back layer
  let x = x0;
  while (x < x1) {
    const w = rng.range(30, 60);
    const h = rng.range(70, opts.maxBack ?? 150);
    s += building(x, w, h, colors.back, null, { crown: rng() < 0.3 ? "slope" : null });
    x += w + rng.range(-6, 4);
  }
  // front layer
  x = x0 + 10;
  let i = 0;
  while (x < x1 - 20) {
    const tall = opts.tallAt != null && i === opts.tallAt;
    const w = tall ? 62 : rng.range(34, 64);
    const h = tall ? (opts.tallH ?? 215) : rng.range(60, opts.maxFront ?? 140);
    s += building(x, w, h, rng() < 0.5 ? colors.front : colors.front2, colors.win, {
      crown: tall ? "step" : rng() < 0.25 ? "cornice" : null,
      trim: colors.front2,
    });
    x += w + rng.range(4, 14);
    i++;
  }
  return s;
}

function house(x, style, c, scale = 1) {
  // x = left, base at GROUND. c = {wall, roof, trim, door, win}
  const g = (inner) => `<g transform="translate(${f1(x)} ${GROUND}) scale(${scale})">${inner}</g>`;
  const win = (wx, wy, ww = 16, wh = 18) =>
    rect(wx, wy, ww, wh, c.win, `stroke="${c.trim}" stroke-width="2"`) +
    rect(wx + ww / 2 - 1, wy, 2, wh, c.trim);
  switch (style) {
    case "cottage": // gable-front with small porch
      return g(
        rect(0, -60, 80, 60, c.wall) +
          poly(
            [
              [-6, -58],
              [40, -98],
              [86, -58],
            ],
            c.roof,
          ) +
          rect(30, -34, 18, 34, c.door) +
          win(8, -44) +
          win(56, -44) +
          rect(-4, -6, 88, 6, c.trim) +
          circle(40, -74, 7, c.win, `stroke="${c.trim}" stroke-width="2"`),
      );
    case "bungalow": // wide low roof, deep porch with tapered columns
      return g(
        rect(0, -56, 110, 56, c.wall) +
          poly(
            [
              [-12, -54],
              [20, -84],
              [90, -84],
              [122, -54],
            ],
            c.roof,
          ) +
          poly(
            [
              [30, -84],
              [55, -100],
              [80, -84],
            ],
            c.roof,
          ) +
          rect(44, -92, 22, 8, c.win) +
          rect(-6, -40, 122, 5, c.trim) +
          rect(2, -35, 8, 35, c.trim) +
          rect(100, -35, 8, 35, c.trim) +
          rect(50, -35, 8, 35, c.trim) +
          rect(22, -30, 18, 30, c.door) +
          win(68, -30, 24, 18),
      );
    case "ranch": // long, low hip roof, carport
      return g(
        rect(0, -44, 150, 44, c.wall) +
          poly(
            [
              [-10, -42],
              [20, -64],
              [130, -64],
              [160, -42],
            ],
            c.roof,
          ) +
          win(14, -32, 26, 16) +
          win(52, -32, 26, 16) +
          rect(92, -34, 16, 34, c.door) +
          win(118, -32, 20, 16) +
          rect(160, -44, 54, 4, c.roof) +
          rect(160, -40, 4, 40, c.trim) +
          rect(208, -40, 4, 40, c.trim),
      );
    case "twostory": // colonial / suburban two storey with garage
      return g(
        rect(0, -96, 100, 96, c.wall) +
          poly(
            [
              [-8, -94],
              [50, -128],
              [108, -94],
            ],
            c.roof,
          ) +
          win(12, -84) +
          win(42, -84) +
          win(72, -84) +
          win(12, -42) +
          win(72, -42) +
          rect(42, -38, 18, 38, c.door) +
          rect(36, -44, 30, 5, c.trim) +
          rect(100, -52, 58, 52, c.wall) +
          poly(
            [
              [96, -50],
              [129, -74],
              [162, -50],
            ],
            c.roof,
          ) +
          rect(108, -36, 42, 36, c.trim) +
          [0, 9, 18, 27].map((d) => rect(108, -36 + d, 42, 1.5, c.wall)).join(""),
      );
    case "tudor": // steep gables, half timbering, chimney
      return g(
        rect(0, -80, 150, 80, c.wall) +
          rect(112, -132, 14, 60, c.roof) +
          poly(
            [
              [-8, -78],
              [40, -138],
              [88, -78],
            ],
            c.roof,
          ) +
          poly(
            [
              [70, -78],
              [110, -118],
              [158, -78],
            ],
            c.roof,
          ) +
          poly(
            [
              [10, -80],
              [40, -118],
              [70, -80],
            ],
            c.wall,
          ) +
          rect(38, -116, 4, 36, c.trim) +
          `<path d="M18 -80 L40 -106 L62 -80" stroke="${c.trim}" stroke-width="4" fill="none"/>` +
          win(22, -64, 14, 18) +
          win(46, -64, 14, 18) +
          `<path d="M96 0 V-34 A12 12 0 0 1 120 -34 V0 Z" fill="${c.door}"/>` +
          win(128, -56, 14, 18) +
          win(22, -32, 36, 18),
      );
    case "shotgun": // narrow gable-front with porch
      return g(
        rect(0, -58, 46, 58, c.wall) +
          poly(
            [
              [-5, -56],
              [23, -86],
              [51, -56],
            ],
            c.roof,
          ) +
          rect(-4, -38, 54, 4, c.trim) +
          rect(-2, -34, 4, 34, c.trim) +
          rect(44, -34, 4, 34, c.trim) +
          rect(8, -28, 13, 28, c.door) +
          win(26, -26, 12, 16),
      );
    case "split": // split level
      return g(
        rect(0, -50, 80, 50, c.wall) +
          poly(
            [
              [-8, -48],
              [40, -72],
              [88, -48],
            ],
            c.roof,
          ) +
          rect(80, -76, 80, 76, c.wall) +
          poly(
            [
              [74, -74],
              [120, -100],
              [166, -74],
            ],
            c.roof,
          ) +
          win(12, -38, 24, 16) +
          rect(50, -32, 16, 32, c.door) +
          win(96, -64, 22, 16) +
          win(126, -64, 22, 16) +
          win(96, -30, 22, 16) +
          win(126, -30, 22, 16) +
          rect(80, -40, 80, 3, c.trim),
      );
    case "frame": // house under construction (studs)
      return g(
        rect(0, -4, 120, 4, c.trim) +
          rect(0, -72, 120, 4, c.trim) +
          Array.from({ length: 11 }, (_, i) => rect(i * 11.6, -72, 3, 72, c.trim)).join("") +
          `<path d="M-6 -72 L60 -112 L126 -72" stroke="${c.trim}" stroke-width="4" fill="none"/>` +
          Array.from({ length: 9 }, (_, i) => {
            const xx = 8 + i * 13;
            const yy = -72 - 40 * (1 - Math.abs(xx - 60) / 66);
            return rect(xx, yy, 2.5, -72 - yy + 0.1, c.trim);
          }).join(""),
      );
    case "farmhouse":
      return g(
        rect(0, -88, 120, 88, c.wall) +
          poly(
            [
              [-8, -86],
              [60, -126],
              [128, -86],
            ],
            c.roof,
          ) +
          rect(-10, -44, 140, 6, c.roof) +
          [0, 40, 80, 120].map((d) => rect(-6 + d, -38, 5, 38, c.trim)).join("") +
          win(14, -78) +
          win(52, -78) +
          win(90, -78) +
          win(14, -32) +
          rect(52, -34, 16, 34, c.door) +
          win(90, -32),
      );
    default:
      return "";
  }
}

function barn(x, c) {
  return (
    `<g transform="translate(${x} ${GROUND})">` +
    poly(
      [
        [0, 0],
        [0, -62],
        [14, -92],
        [56, -108],
        [98, -92],
        [112, -62],
        [112, 0],
      ],
      c.wall,
    ) +
    poly(
      [
        [-4, -60],
        [14, -94],
        [56, -112],
        [98, -94],
        [116, -60],
        [108, -60],
        [96, -88],
        [56, -104],
        [16, -88],
        [4, -60],
      ],
      c.roof,
    ) +
    rect(34, -52, 44, 52, c.door) +
    `<path d="M34 -52 L78 0 M78 -52 L34 0" stroke="${c.trim}" stroke-width="3"/>` +
    rect(34, -52, 44, 52, "none", `stroke="${c.trim}" stroke-width="3"`) +
    rect(46, -86, 20, 18, c.trim) +
    "</g>"
  );
}

function fence(x0, x1, y, color) {
  let s = rect(x0, y - 18, x1 - x0, 3, color) + rect(x0, y - 9, x1 - x0, 3, color);
  for (let x = x0; x <= x1; x += 18) s += rect(x, y - 24, 4, 24, color);
  return s;
}

function water(y, c, rng) {
  let s = rect(0, y, W, GROUND - y + 8, c.water);
  for (let i = 0; i < 22; i++) {
    const wx = rng.range(0, W);
    const wy = rng.range(y + 8, GROUND - 4);
    s += rect(wx, wy, rng.range(16, 46), 2.5, c.waterLight, 'rx="1.2"');
  }
  return s;
}

function smokestack(x, h, c) {
  return (
    rect(x, GROUND - h, 16, h, c.stack) +
    rect(x - 3, GROUND - h, 22, 6, c.trim) +
    circle(x + 8, GROUND - h - 18, 12, C.cream, 'opacity="0.7"') +
    circle(x + 24, GROUND - h - 34, 15, C.cream, 'opacity="0.55"')
  );
}

function furnace(x, c) {
  // stylised blast furnace: tapered stack, pipes, cylindrical stoves
  return (
    `<g transform="translate(${x} ${GROUND})">` +
    poly(
      [
        [0, 0],
        [8, -100],
        [40, -100],
        [48, 0],
      ],
      c.stack,
    ) +
    rect(14, -150, 20, 50, c.stack) +
    rect(60, -120, 26, 120, c.stack2, 'rx="10"') +
    rect(92, -120, 26, 120, c.stack2, 'rx="10"') +
    `<path d="M24 -140 C 24 -175, 110 -175, 105 -120" stroke="${c.stack}" stroke-width="7" fill="none"/>` +
    rect(-30, -24, 160, 6, c.trim) +
    "</g>"
  );
}

function church(x, c) {
  return (
    `<g transform="translate(${x} ${GROUND})">` +
    rect(0, -70, 110, 70, c.wall) +
    poly(
      [
        [-6, -68],
        [55, -104],
        [116, -68],
      ],
      c.roof,
    ) +
    rect(-40, -110, 40, 110, c.wall) +
    poly(
      [
        [-46, -108],
        [-20, -170],
        [6, -108],
      ],
      c.roof,
    ) +
    rect(-22, -196, 4, 28, c.trim) +
    rect(-30, -186, 20, 4, c.trim) +
    `<path d="M-28 0 V-36 A8 8 0 0 1 -12 -36 V0 Z" fill="${c.door}"/>` +
    `<path d="M-28 -70 V-86 A8 8 0 0 1 -12 -86 V-70 Z" fill="${c.win}"/>` +
    [14, 44, 74]
      .map((d) => `<path d="M${d} -18 V-46 A10 10 0 0 1 ${d + 20} -46 V-18 Z" fill="${c.win}"/>`)
      .join("") +
    "</g>"
  );
}

function storefronts(x0, n, rng, c) {
  let s = "";
  let x = x0;
  const awnings = c.awnings;
  for (let i = 0; i < n; i++) {
    const w = rng.range(84, 112);
    const h = rng.range(96, 132);
    const top = GROUND - h;
    s += rect(x, top, w, h, i % 2 ? c.wall : c.wall2) + rect(x - 2, top, w + 4, 7, c.trim);
    s += windowsGrid(x + 6, top + 12, w - 12, h - 68, 3, 1, c.win2);
    s +=
      rect(x + 8, GROUND - 46, w * 0.55, 40, c.win) +
      rect(x + w * 0.7, GROUND - 44, w * 0.2, 44, c.door);
    const aw = awnings[i % awnings.length];
    s += poly(
      [
        [x + 4, GROUND - 56],
        [x + w - 4, GROUND - 56],
        [x + w + 2, GROUND - 44],
        [x - 2, GROUND - 44],
      ],
      aw,
    );
    x += w + 4;
  }
  return { svg: s, end: x };
}

function stringLights(x0, x1, y, sag, colors) {
  let s = `<path d="M${x0} ${y} Q ${(x0 + x1) / 2} ${y + sag * 2} ${x1} ${y}" stroke="${C.navy3}" stroke-width="1.5" fill="none"/>`;
  const n = Math.round((x1 - x0) / 22);
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const bx = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * ((x0 + x1) / 2) + t * t * x1;
    const by = (1 - t) * (1 - t) * y + 2 * (1 - t) * t * (y + sag * 2) + t * t * y;
    s += circle(bx, by + 4, 3.5, colors[i % colors.length]);
  }
  return s;
}

function road(pts0, width, color, stripe) {
  const d = "M" + pts0.map((p) => p.join(" ")).join(" ");
  let s = `<path d="${d}" stroke="${color}" stroke-width="${width}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
  if (stripe)
    s += `<path d="${d}" stroke="${stripe}" stroke-width="2" stroke-dasharray="10 10" fill="none"/>`;
  return s;
}

// --- floor band -------------------------------------------------------------
function plankBand(rng, tone, kind = "plank") {
  const woods = WOODS[tone] ?? WOODS.honey;
  const shades = woods.slice(0, 4);
  const gap = woods[4];
  let s = rect(0, GROUND, W, BAND_TOP - GROUND, C.cream) + rect(0, BAND_TOP - 3, W, 3, C.cream3);
  s += rect(0, BAND_TOP, W, H - BAND_TOP, gap);
  if (kind === "herringbone") {
    // Herringbone: in a frame rotated by 45 degrees the pattern is a lattice of
    // one horizontal plank [0,L]x[0,T] and one vertical plank [-T,0]x[0,L],
    // repeated by the vectors (T,T) and (L,-L).
    const L = 64;
    const T = 16;
    const cx = W / 2;
    const cy = (BAND_TOP + H) / 2;
    s += `<clipPath id="hb"><rect x="0" y="${BAND_TOP}" width="${W}" height="${H - BAND_TOP}"/></clipPath>`;
    s += `<g clip-path="url(#hb)"><g transform="translate(${cx} ${cy}) rotate(45)">`;
    const R = 460;
    for (let n = -Math.ceil((2 * R) / L); n <= Math.ceil((2 * R) / L); n++) {
      for (let m = -Math.ceil((2 * R) / T); m <= Math.ceil((2 * R) / T); m++) {
        const ox = m * T + n * L;
        const oy = m * T - n * L;
        if (Math.abs(ox) > R + L || Math.abs(oy) > R + L) continue;
        // cheap visibility test in screen space (rotation by 45 degrees)
        const sx = (ox - oy) * Math.SQRT1_2;
        const sy = (ox + oy) * Math.SQRT1_2;
        if (Math.abs(sx) > W / 2 + L * 1.5 || Math.abs(sy) > (H - BAND_TOP) / 2 + L * 1.5) continue;
        s += rect(ox, oy, L, T, rng.pick(shades), `stroke="${gap}" stroke-width="1.3"`);
        s += rect(ox - T, oy, T, L, rng.pick(shades), `stroke="${gap}" stroke-width="1.3"`);
      }
    }
    s += "</g></g>";
    return s;
  }
  if (kind === "carpet") {
    s += rect(0, BAND_TOP, W, H - BAND_TOP, shades[0]);
    for (let y = BAND_TOP + 4; y < H; y += 7) {
      for (let x = y % 14 ? 3 : 0; x < W; x += 7)
        s += circle(x, y, 1.6, shades[(x + y) % 3 === 0 ? 1 : 2], 'opacity="0.7"');
    }
    return s;
  }
  if (kind === "tile") {
    const tw = 100;
    const th = 52;
    for (let y = BAND_TOP + 2, r = 0; y < H; y += th, r++) {
      for (let x = r % 2 ? -tw / 2 : 0; x < W; x += tw)
        s += rect(x + 2, y, tw - 4, th - 4, rng.pick(shades), 'rx="2"');
    }
    return s;
  }
  const rows = kind === "strip" ? 6 : 4;
  const rh = (H - BAND_TOP) / rows;
  for (let r = 0; r < rows; r++) {
    const y = BAND_TOP + r * rh;
    let x = -rng.range(0, 160);
    while (x < W) {
      const len = kind === "strip" ? rng.range(90, 200) : rng.range(150, 260);
      const shade = rng.pick(shades);
      s += rect(x + 1, y + 1, len - 2, rh - 2, shade);
      // grain
      const g = rng.int(1, 3);
      for (let k = 0; k < g; k++) {
        const gy = y + rng.range(4, rh - 4);
        const gx = x + rng.range(6, len * 0.4);
        s += `<path d="M${f1(gx)} ${f1(gy)} q ${f1(len * 0.15)} ${f1(rng.range(-2, 2))} ${f1(len * 0.35)} 0" stroke="${gap}" stroke-width="1" fill="none" opacity="0.25"/>`;
      }
      x += len;
    }
  }
  return s;
}

// --- title panel ------------------------------------------------------------
async function titlePanel({ kicker, lines, size = 50, x = 36, y = 34, dark = false }) {
  const kSize = 15;
  const widths = await Promise.all(lines.map((l) => measureText(l, size)));
  const kw = await measureText(kicker, kSize);
  const w = Math.max(kw * 1.18, ...widths) + 48;
  const lineH = size * 1.14;
  const h = 24 + kSize + 14 + lines.length * lineH + 8;
  const bg = dark ? C.cream : C.navy;
  const fg = dark ? C.navy : C.cream;
  let s =
    rect(x, y, w, h, C.oak, 'rx="12"') +
    rect(x, y, w, h - 7, bg, 'rx="12"') +
    rect(x, y + h - 24, w, 17, bg);
  s += `<text x="${x + 24}" y="${y + 24 + kSize - 3}" font-family="${FONT}" font-weight="bold" font-size="${kSize}" letter-spacing="2.4" fill="${C.oakLight}">${esc(kicker)}</text>`;
  lines.forEach((l, i) => {
    s += `<text x="${x + 22}" y="${y + 24 + kSize + 12 + (i + 1) * lineH - size * 0.22}" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="${fg}">${esc(l)}</text>`;
  });
  return { svg: s, right: x + w, bottom: y + h };
}

function brandTab() {
  return (
    rect(W - 196, H - 34, 180, 24, C.navy, 'rx="12" opacity="0.9"') +
    `<text x="${W - 106}" y="${H - 17}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="12.5" letter-spacing="1" fill="${C.cream}">MAGIC CITY FLOORS</text>`
  );
}

function svgDoc(w, h, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

// Standard colour sets for houses
const HOUSE = {
  brick: { wall: C.brick, roof: C.navy2, trim: C.cream, door: C.navy, win: C.cream2 },
  brickLight: {
    wall: C.brickLight,
    roof: C.sageDeep,
    trim: C.cream,
    door: C.navy,
    win: C.navyTint,
  },
  cream: { wall: C.cream, roof: C.brick, trim: C.navy2, door: C.sageDark, win: C.navyTint },
  sage: { wall: C.sage, roof: C.navy2, trim: C.cream, door: C.oakDark, win: C.cream2 },
  oak: { wall: C.oakPale, roof: C.brickDark, trim: C.cream, door: C.navy, win: C.navyTint },
  navy: { wall: C.navy2, roof: C.brick, trim: C.cream, door: C.oak, win: C.oakPale },
  wood: { wall: C.oakLight, roof: C.navy2, trim: C.cream, door: C.brickDark, win: C.cream2 },
};

// ---------------------------------------------------------------------------
// Area scenes
// ---------------------------------------------------------------------------
const AREA_SCENES = {
  "downtown-birmingham-flooring": (rng) => ({
    theme: { sky: "#e4d6c4", sunColor: C.oakLight, sunX: 610, sunY: 150 },
    floor: "whiteOak",
    body: skyline(
      rng,
      0,
      820,
      { back: C.navy3, front: C.navy, front2: C.navy2, win: C.oakPale },
      { tallAt: 5, tallH: 230, maxFront: 170, maxBack: 190 },
    ),
  }),
  "five-points-south-flooring": (rng) => {
    let b = skyline(
      rng,
      380,
      820,
      { back: C.brickPale, front: C.brickPale, front2: C.brickPale, win: null },
      { maxFront: 120, maxBack: 130 },
    );
    // historic brick apartment blocks with arched windows
    [
      [20, 150, 130],
      [176, 130, 150],
      [620, 170, 120],
    ].forEach(([x, w, h], i) => {
      b +=
        rect(x, GROUND - h, w, h, i === 1 ? C.brickLight : C.brick) +
        rect(x - 4, GROUND - h, w + 8, 8, C.cream2);
      for (let r = 0; r < Math.floor((h - 30) / 30); r++) {
        for (let k = 0; k < Math.floor(w / 26); k++) {
          const wx = x + 10 + k * 26;
          const wy = GROUND - h + 18 + r * 30;
          b += `<path d="M${wx} ${wy + 20} V${wy + 7} A6 6 0 0 1 ${wx + 12} ${wy + 7} V${wy + 20} Z" fill="${C.cream2}"/>`;
        }
      }
    });
    // fountain plaza
    b +=
      rect(360, GROUND - 16, 200, 16, C.cream3) +
      rect(420, GROUND - 40, 80, 24, C.cream2) +
      rect(452, GROUND - 80, 16, 40, C.cream3) +
      `<path d="M460 ${GROUND - 84} q -30 10 -38 44 M460 ${GROUND - 84} q 30 10 38 44" stroke="${C.waterLight}" stroke-width="4" fill="none"/>` +
      circle(460, GROUND - 86, 7, C.waterLight);
    b += tree(340, GROUND, 80, C.sage) + tree(585, GROUND, 90, C.sageDark);
    return { theme: { sky: "#f3e4d6", sunX: 520, sunY: 110 }, floor: "redOak", body: b };
  },
  "lakeview-flooring": (rng) => {
    const sf = storefronts(-10, 8, rng, {
      wall: C.navy2,
      wall2: C.brickDark,
      trim: C.navy3,
      win: C.oakPale,
      win2: C.oakLight,
      door: C.navy,
      awnings: [C.brick, C.sage, C.oak, C.cream3],
    });
    let b = skyline(
      rng,
      0,
      820,
      { back: "#2a3654", front: "#2a3654", front2: "#2a3654", win: null },
      { maxFront: 200, maxBack: 220 },
    );
    b += sf.svg;
    b +=
      stringLights(0, 260, 180, 20, [C.oakPale, C.cream, C.oakLight]) +
      stringLights(260, 540, 176, 22, [C.oakPale, C.cream, C.oakLight]) +
      stringLights(540, 800, 182, 18, [C.oakPale, C.cream, C.oakLight]);
    return {
      theme: { sky: C.navy, night: true, sunX: 700 },
      floor: "walnut",
      body: b,
      titleDark: true,
    };
  },
  "avondale-flooring": (rng) => {
    let b = "";
    // brewery: brick warehouse with sawtooth roof and tanks
    b +=
      rect(470, GROUND - 120, 250, 120, C.brick) +
      poly(
        [
          [470, GROUND - 120],
          [520, GROUND - 150],
          [520, GROUND - 120],
          [570, GROUND - 150],
          [570, GROUND - 120],
          [620, GROUND - 150],
          [620, GROUND - 120],
          [670, GROUND - 150],
          [670, GROUND - 120],
          [720, GROUND - 150],
          [720, GROUND - 120],
        ],
        C.brickDark,
      );
    b +=
      windowsGrid(480, GROUND - 110, 230, 50, 6, 1, C.oakPale) +
      rect(560, GROUND - 50, 70, 50, C.navy) +
      rect(560, GROUND - 50, 70, 50, "none", `stroke="${C.cream}" stroke-width="3"`);
    b +=
      rect(730, GROUND - 110, 40, 110, C.cream3, 'rx="18"') +
      rect(776, GROUND - 90, 36, 90, C.cream2, 'rx="16"') +
      rect(735, GROUND - 70, 30, 4, C.oakDark);
    b += stringLights(470, 720, GROUND - 70, 8, [C.oakPale, C.cream]);
    b +=
      house(20, "bungalow", HOUSE.sage) +
      house(170, "bungalow", HOUSE.wood, 0.9) +
      house(310, "cottage", HOUSE.cream, 0.95);
    b += tree(150, GROUND, 110, C.sageDark) + tree(445, GROUND, 96, C.sage);
    return { theme: { sky: "#e9efe6", sunX: 420, sunY: 80 }, floor: "heartPine", body: b };
  },
  "railroad-park-flooring": (rng) => {
    let b = skyline(
      rng,
      0,
      820,
      { back: C.navyTint, front: C.navy3, front2: C.navy2, win: C.cream2 },
      { tallAt: 9, tallH: 200, maxFront: 150, maxBack: 170 },
    );
    b +=
      rect(0, GROUND - 70, W, 70, C.sageLight) +
      `<ellipse cx="330" cy="${GROUND - 28}" rx="150" ry="20" fill="${C.water}"/>` +
      `<ellipse cx="330" cy="${GROUND - 30}" rx="110" ry="9" fill="${C.waterLight}"/>`;
    b += `<path d="M0 ${GROUND - 52} C 200 ${GROUND - 70}, 500 ${GROUND - 40}, 800 ${GROUND - 62}" stroke="${C.cream2}" stroke-width="7" fill="none"/>`;
    for (let i = 0; i < 9; i++)
      b += tree(
        30 + i * 92 + rng.range(-10, 10),
        GROUND - rng.range(4, 30),
        rng.range(60, 95),
        i % 2 ? C.sage : C.sageDark,
      );
    // railway
    b +=
      rect(0, GROUND - 6, W, 4, C.navy3) +
      Array.from({ length: 40 }, (_, i) => rect(i * 20, GROUND - 8, 4, 8, C.oakDark)).join("");
    return { theme: { sky: "#f0ebe0", sunX: 560, sunY: 70 }, floor: "whiteOak", body: b };
  },
  "homewood-flooring": (rng) => {
    let b = hills([{ y: 250, amp: 22, freq: 1.4, phase: 0.6, fill: C.sagePale }]);
    b +=
      house(30, "cottage", HOUSE.cream) +
      house(160, "tudor", HOUSE.brick, 0.85) +
      house(340, "cottage", HOUSE.sage, 0.95) +
      house(470, "bungalow", HOUSE.oak) +
      house(640, "cottage", HOUSE.brickLight);
    [130, 310, 450, 610, 760].forEach(
      (x, i) => (b += tree(x, GROUND, 120 + (i % 2) * 20, i % 2 ? C.sageDark : C.sage)),
    );
    b += rect(0, GROUND - 4, W, 4, C.cream3);
    return {
      theme: { sky: "#f6e9d8", sunX: 710, sunY: 80 },
      floor: "redOak",
      floorKind: "strip",
      body: b,
    };
  },
  "mountain-brook-flooring": (rng) => {
    let b = hills([
      { y: 220, amp: 40, freq: 1.1, phase: 0.3, fill: C.sageLight },
      { y: 280, amp: 24, freq: 1.7, phase: 1.2, fill: C.sage },
    ]);
    for (let i = 0; i < 18; i++) {
      const x = rng.range(0, W);
      b += tree(
        x,
        hillY({ y: 280, amp: 24, freq: 1.7, phase: 1.2 }, x) + 8,
        rng.range(40, 60),
        C.sageDark,
        C.sageDeep,
        "pine",
      );
    }
    b += house(280, "tudor", HOUSE.cream, 1.15);
    b +=
      tree(120, GROUND, 150, C.sageDark) +
      tree(560, GROUND, 140, C.sageDeep) +
      tree(680, GROUND, 120, C.sage);
    b += rect(0, GROUND - 10, W, 10, C.sageDark);
    return {
      theme: { sky: "#ecefe8", sunX: 120, sunY: 80 },
      floor: "whiteOak",
      floorKind: "herringbone",
      body: b,
    };
  },
  "vestavia-hills-flooring": (rng) => {
    const L1 = { y: 200, amp: 50, freq: 1.2, phase: 2.2, fill: C.sagePale };
    const L2 = { y: 290, amp: 38, freq: 0.9, phase: 0.2, fill: C.sageLight };
    let b = hills([L1, L2]);
    for (let i = 0; i < 14; i++) {
      const x = rng.range(0, W);
      b += tree(x, hillY(L1, x) + 6, rng.range(26, 40), C.sage, C.sageDark, "pine");
    }
    b += `<g transform="translate(0 -40)">${house(400, "split", HOUSE.brick)}</g>`;
    b += `<g transform="translate(0 -18)">${house(60, "ranch", HOUSE.cream, 0.9)}</g>`;
    b += tree(620, GROUND - 30, 120, C.sageDark) + tree(700, GROUND - 30, 100, C.sage);
    return { theme: { sky: "#f1e3d3", sunX: 300, sunY: 70 }, floor: "honey", body: b };
  },
  "hoover-flooring": (rng) => {
    let b = hills([{ y: 260, amp: 14, freq: 2, phase: 0.8, fill: C.sagePale }]);
    b +=
      house(20, "twostory", HOUSE.cream, 0.95) +
      house(210, "twostory", HOUSE.brickLight) +
      house(410, "twostory", HOUSE.sage, 0.95) +
      house(600, "twostory", HOUSE.oak);
    [190, 392, 585, 780].forEach((x, i) => (b += tree(x, GROUND, 70 + i * 6, C.sageDark)));
    b += rect(0, GROUND - 6, W, 6, C.cream3);
    return {
      theme: { sky: "#dfe4ee", sunX: 680, sunY: 70, sunColor: C.cream },
      floor: "lvpBrown",
      body: b + cloud(160, 70, 1.2) + cloud(470, 50, 0.9),
    };
  },
  "trussville-flooring": (rng) => {
    let b = hills([{ y: 250, amp: 30, freq: 1.3, phase: 2.5, fill: C.sageLight }]);
    b +=
      house(20, "twostory", HOUSE.sage, 0.85) +
      house(200, "ranch", HOUSE.cream, 0.9) +
      house(470, "twostory", HOUSE.brick, 0.9);
    // playground swing set and slide
    b +=
      `<path d="M660 ${GROUND} L690 ${GROUND - 80} L720 ${GROUND} M760 ${GROUND} L790 ${GROUND - 80} L820 ${GROUND}" stroke="${C.brick}" stroke-width="6" fill="none"/>` +
      rect(690, GROUND - 82, 100, 6, C.brick);
    b +=
      `<path d="M715 ${GROUND - 78} v52 M735 ${GROUND - 78} v52" stroke="${C.navy2}" stroke-width="2"/>` +
      rect(711, GROUND - 28, 28, 5, C.oak);
    [430, 640, 180].forEach((x) => (b += tree(x, GROUND, 56, C.sage)));
    return {
      theme: { sky: "#f7ead9", sunX: 600, sunY: 90 },
      floor: "lvpBrown",
      body: b + cloud(130, 60, 1),
    };
  },
  "pelham-flooring": (rng) => {
    const L1 = { y: 180, amp: 70, freq: 0.9, phase: 0.4, amp2: 10, fill: C.sage };
    const L2 = { y: 260, amp: 30, freq: 1.5, phase: 2.0, fill: C.sageDark };
    let b = hills([L1, L2]);
    for (let i = 0; i < 30; i++) {
      const x = rng.range(0, W);
      b += tree(x, hillY(L1, x) + 14, rng.range(22, 34), C.sageDark, C.sageDeep, "pine");
    }
    for (let i = 0; i < 16; i++) {
      const x = rng.range(0, W);
      b += tree(x, hillY(L2, x) + 12, rng.range(30, 44), C.sageDeep, C.sageDeep, "pine");
    }
    b += house(110, "ranch", HOUSE.cream, 0.8) + house(470, "twostory", HOUSE.wood, 0.8);
    b +=
      `<path d="M330 ${GROUND} v-30 l20 -20" stroke="${C.navy}" stroke-width="3" fill="none"/>` +
      circle(330, GROUND - 8, 8, "none", `stroke="${C.navy}" stroke-width="3"`) +
      circle(360, GROUND - 8, 8, "none", `stroke="${C.navy}" stroke-width="3"`) +
      `<path d="M330 ${GROUND - 8} l14 -16 l16 16 M344 ${GROUND - 24} l-6 -8" stroke="${C.brick}" stroke-width="3" fill="none"/>`;
    return { theme: { sky: "#e9efe6", sunX: 690, sunY: 70 }, floor: "hickory", body: b };
  },
  "alabaster-flooring": (rng) => {
    let b = rect(0, GROUND - 50, W, 50, C.sageLight);
    b +=
      house(40, "ranch", HOUSE.cream, 0.85) +
      house(290, "ranch", HOUSE.sage, 0.85) +
      house(540, "ranch", HOUSE.brickLight, 0.85);
    [260, 510, 770].forEach((x) => (b += tree(x, GROUND, 50, C.sageDark)));
    return {
      theme: { sky: "#f6e4cc", sunX: 400, sunY: 110, sunColor: C.oakLight },
      floor: "honey",
      body: b + cloud(130, 80, 1.1) + cloud(650, 60, 1.3),
    };
  },
  "bessemer-flooring": (rng) => {
    let b = rect(0, GROUND - 30, W, 30, C.cream3);
    b += furnace(520, { stack: C.navy2, stack2: C.navy3, trim: C.navy });
    b +=
      smokestack(700, 180, { stack: C.brickDark, trim: C.navy }) +
      smokestack(740, 150, { stack: C.brick, trim: C.navy });
    b +=
      house(20, "shotgun", HOUSE.cream) +
      house(90, "shotgun", HOUSE.sage) +
      house(160, "shotgun", HOUSE.oak) +
      house(230, "shotgun", HOUSE.cream) +
      house(320, "cottage", HOUSE.brickLight, 0.9);
    b += tree(440, GROUND, 90, C.sageDark);
    return {
      theme: { sky: "#f0dccb", sunX: 380, sunY: 80, sunColor: C.brickPale },
      floor: "heartPine",
      body: b,
    };
  },
  "midfield-flooring": (rng) => {
    let b = rect(0, GROUND - 36, W, 36, C.sageLight);
    b +=
      house(20, "ranch", HOUSE.brick, 0.95) +
      house(300, "ranch", HOUSE.brickLight, 0.95) +
      house(580, "ranch", HOUSE.brick, 0.9);
    b += tree(250, GROUND, 120, C.sageDark) + tree(540, GROUND, 100, C.sage);
    return {
      theme: { sky: "#e7ecef", sunX: 440, sunY: 80, sunColor: C.oakPale },
      floor: "redOak",
      body: b + cloud(120, 70, 1) + cloud(690, 90, 0.8),
    };
  },
  "fairfield-flooring": (rng) => {
    let b = hills([
      { y: 240, amp: 36, freq: 1.0, phase: 0.2, fill: C.sagePale },
      { y: 285, amp: 18, freq: 2.2, phase: 1.0, fill: C.sageLight },
    ]);
    b += church(300, { wall: C.brick, roof: C.navy2, trim: C.cream, door: C.navy, win: C.oakPale });
    b +=
      house(30, "bungalow", HOUSE.cream, 0.9) +
      house(470, "cottage", HOUSE.sage) +
      house(580, "bungalow", HOUSE.oak, 0.9);
    b += tree(200, GROUND, 110, C.sageDark) + tree(760, GROUND, 100, C.sage);
    return { theme: { sky: "#f5e7e0", sunX: 690, sunY: 80 }, floor: "honey", body: b };
  },
  "hueytown-flooring": (rng) => {
    let b = rect(0, GROUND - 60, W, 60, C.sageLight);
    b += house(180, "ranch", HOUSE.brick, 1.15);
    b +=
      tree(70, GROUND, 170, C.sageDark) +
      tree(560, GROUND, 150, C.sage) +
      tree(680, GROUND, 120, C.sageDark);
    b += fence(450, 800, GROUND, C.cream) + circle(520, GROUND - 10, 10, C.oakLight); // a ball in the yard
    return {
      theme: { sky: "#f4ecd9", sunX: 470, sunY: 70 },
      floor: "lvpBrown",
      body: b + cloud(700, 70, 1),
    };
  },
  "pleasant-grove-flooring": (rng) => {
    const L1 = { y: 210, amp: 60, freq: 1.0, phase: 0.9, fill: C.sageLight };
    let b = hills([L1]);
    b += road(
      [
        [-10, GROUND - 10],
        [160, GROUND - 40],
        [300, GROUND - 90],
        [460, GROUND - 120],
        [640, GROUND - 150],
        [820, GROUND - 150],
      ],
      16,
      C.cream3,
      C.cream,
    );
    b +=
      `<g transform="translate(0 -110)">${house(520, "ranch", HOUSE.cream, 0.6)}</g>` +
      `<g transform="translate(0 -60)">${house(250, "split", HOUSE.brickLight, 0.7)}</g>` +
      house(560, "split", HOUSE.sage, 0.85);
    for (let i = 0; i < 10; i++) {
      const x = rng.range(0, W);
      b += tree(x, hillY(L1, x) + 10, rng.range(36, 50), C.sageDark);
    }
    return { theme: { sky: "#efe6da", sunX: 120, sunY: 80 }, floor: "greyWash", body: b };
  },
  "gardendale-flooring": (rng) => {
    let b = hills([
      { y: 240, amp: 30, freq: 1.6, phase: 0.4, fill: C.sagePale },
      { y: 290, amp: 20, freq: 1.1, phase: 2.4, fill: C.sageLight },
    ]);
    b += house(60, "ranch", HOUSE.cream, 0.9) + house(420, "twostory", HOUSE.brickLight, 0.9);
    // flower beds
    for (let i = 0; i < 26; i++)
      b += circle(
        20 + i * 30 + rng.range(-6, 6),
        GROUND - rng.range(2, 8),
        5,
        rng.pick([C.brickLight, C.oakLight, C.cream, C.brickPale]),
      );
    b += tree(330, GROUND, 100, C.sageDark) + tree(700, GROUND, 110, C.sage);
    return {
      theme: { sky: "#f7eddc", sunX: 600, sunY: 80 },
      floor: "honey",
      body: b + cloud(240, 70, 1.1),
    };
  },
  "fultondale-flooring": (rng) => {
    let b = hills([{ y: 230, amp: 30, freq: 1.2, phase: 1.6, fill: C.sagePale }]);
    b += road(
      [
        [-20, 250],
        [200, 262],
        [420, 250],
        [820, 235],
      ],
      18,
      C.navy3,
      C.cream,
    );
    b += `<path d="M420 ${GROUND} C 460 260, 560 230, 640 250 S 780 300, 820 290" stroke="${C.navy2}" stroke-width="16" fill="none"/>`;
    b += rect(300, 262, 8, 76, C.cream3) + rect(540, 250, 8, 88, C.cream3);
    b +=
      house(30, "twostory", HOUSE.cream, 0.85) +
      house(210, "ranch", HOUSE.sage, 0.75) +
      house(600, "twostory", HOUSE.oak, 0.8);
    b += tree(400, GROUND, 70, C.sage);
    return {
      theme: { sky: "#e7ebf0", sunX: 700, sunY: 70, sunColor: C.cream },
      floor: "greyWash",
      body: b + cloud(480, 70, 1),
    };
  },
  "irondale-flooring": (rng) => {
    const L1 = { y: 190, amp: 40, freq: 1.0, phase: 2.4, fill: C.sageLight };
    let b = hills([L1]);
    for (let i = 0; i < 5; i++)
      b += `<g transform="translate(0 ${f1(-(GROUND - hillY(L1, 520 + i * 55)) + 10)})">${house(500 + i * 55, "shotgun", rng.pick([HOUSE.cream, HOUSE.sage, HOUSE.oak]), 0.55)}</g>`;
    const sf = storefronts(0, 4, rng, {
      wall: C.brick,
      wall2: C.brickLight,
      trim: C.navy2,
      win: C.navyTint,
      win2: C.cream2,
      door: C.navy,
      awnings: [C.sage, C.navy2, C.oak],
    });
    b += sf.svg;
    // railroad crossing sign and rails
    const rx = 560;
    b +=
      rect(rx, GROUND - 110, 6, 110, C.cream3) +
      `<g transform="translate(${rx + 3} ${GROUND - 96})"><rect x="-32" y="-5" width="64" height="10" fill="${C.cream}" stroke="${C.navy}" stroke-width="2" transform="rotate(35)"/><rect x="-32" y="-5" width="64" height="10" fill="${C.cream}" stroke="${C.navy}" stroke-width="2" transform="rotate(-35)"/></g>` +
      circle(rx - 10, GROUND - 66, 7, C.brick) +
      circle(rx + 16, GROUND - 66, 7, C.brick);
    b +=
      rect(0, GROUND - 6, W, 3, C.navy3) +
      Array.from({ length: 40 }, (_, i) => rect(i * 20 + 5, GROUND - 8, 4, 8, C.oakDark)).join("");
    b += tree(660, GROUND, 90, C.sageDark) + tree(750, GROUND, 110, C.sage);
    return { theme: { sky: "#f2e2d4", sunX: 700, sunY: 70 }, floor: "redOak", body: b };
  },
  "leeds-flooring": (rng) => {
    let b = hills([
      { y: 230, amp: 30, freq: 1.1, phase: 0.3, fill: C.sageLight },
      { y: 290, amp: 16, freq: 1.8, phase: 1.8, fill: C.sage },
    ]);
    for (let i = 0; i < 8; i++)
      b += `<path d="M0 ${300 + i * 5} Q 400 ${280 + i * 7} 800 ${300 + i * 4}" stroke="${C.sageDark}" stroke-width="1" opacity="0.4" fill="none"/>`;
    b +=
      house(70, "farmhouse", HOUSE.cream) +
      barn(470, { wall: C.brick, roof: C.navy2, door: C.brickDark, trim: C.cream });
    b += fence(230, 450, GROUND, C.cream) + fence(600, 800, GROUND, C.cream);
    b += tree(330, GROUND - 4, 130, C.sageDark) + tree(40, GROUND, 90, C.sage);
    return {
      theme: { sky: "#f6e6cf", sunX: 700, sunY: 80, sunColor: C.oakLight },
      floor: "hickory",
      body: b + cloud(230, 70, 1.1),
    };
  },
  "moody-flooring": (rng) => {
    let b = hills([{ y: 250, amp: 40, freq: 0.8, phase: 0.9, fill: C.sagePale }]);
    b +=
      house(30, "twostory", HOUSE.sage, 0.85) +
      house(230, "frame", { trim: C.oakLight }, 1.05) +
      house(420, "ranch", HOUSE.oak, 0.85) +
      house(640, "cottage", HOUSE.cream);
    // crane-ish ladder and lumber stack
    b += rect(370, GROUND - 14, 40, 14, C.oakDark) + rect(372, GROUND - 20, 36, 6, C.oakLight);
    return {
      theme: { sky: "#eef0f3", sunX: 560, sunY: 80, sunColor: C.oakPale },
      floor: "lvpBrown",
      body: b + cloud(150, 60, 1),
    };
  },
  "pell-city-flooring": (rng) => {
    const L1 = { y: 210, amp: 18, freq: 1.4, phase: 0.5, fill: C.sageDark };
    let b = hills([L1]);
    for (let i = 0; i < 36; i++) {
      const x = rng.range(0, W);
      b += tree(x, hillY(L1, x) + 10, rng.range(24, 36), C.sageDeep, C.sageDeep, "pine");
    }
    b += water(222, { water: C.water, waterLight: C.waterLight }, rng);
    // dock + boathouse + boat
    b +=
      rect(380, 286, 260, 8, C.oakDark) +
      [390, 450, 510, 570, 630].map((x) => rect(x, 294, 5, 30, C.oakDeep)).join("");
    b +=
      rect(560, 246, 70, 40, C.cream) +
      poly(
        [
          [552, 248],
          [595, 224],
          [638, 248],
        ],
        C.brick,
      );
    b +=
      `<path d="M420 276 h90 l-14 12 h-66 Z" fill="${C.cream}"/>` + rect(446, 266, 26, 10, C.navy2);
    // lake house on the near shore (left)
    b +=
      rect(0, GROUND - 40, 330, 40, C.sage) +
      `<g transform="translate(0 -34)">${house(60, "farmhouse", HOUSE.wood, 0.9)}</g>`;
    b +=
      tree(250, GROUND - 34, 120, C.sageDeep, C.oakDeep, "pine") +
      tree(24, GROUND - 34, 110, C.sageDeep, C.oakDeep, "pine");
    return {
      theme: { sky: "#f3e2cc", sunX: 700, sunY: 110, sunColor: C.oakLight },
      floor: "greyWash",
      body: b,
    };
  },
};

const AREAS = [
  ["Downtown Birmingham", "downtown-birmingham-flooring"],
  ["Five Points South", "five-points-south-flooring"],
  ["Lakeview", "lakeview-flooring"],
  ["Avondale", "avondale-flooring"],
  ["Railroad Park", "railroad-park-flooring"],
  ["Homewood", "homewood-flooring"],
  ["Mountain Brook", "mountain-brook-flooring"],
  ["Vestavia Hills", "vestavia-hills-flooring"],
  ["Hoover", "hoover-flooring"],
  ["Trussville", "trussville-flooring"],
  ["Pelham", "pelham-flooring"],
  ["Alabaster", "alabaster-flooring"],
  ["Bessemer", "bessemer-flooring"],
  ["Midfield", "midfield-flooring"],
  ["Fairfield", "fairfield-flooring"],
  ["Hueytown", "hueytown-flooring"],
  ["Pleasant Grove", "pleasant-grove-flooring"],
  ["Gardendale", "gardendale-flooring"],
  ["Fultondale", "fultondale-flooring"],
  ["Irondale", "irondale-flooring"],
  ["Leeds", "leeds-flooring"],
  ["Moody", "moody-flooring"],
  ["Pell City", "pell-city-flooring"],
];

// ---------------------------------------------------------------------------
// Blog scenes
// ---------------------------------------------------------------------------
function box(x, y, w, h, c = C.oakPale, label = true) {
  let s =
    rect(x, y, w, h, c, `stroke="${C.oakDark}" stroke-width="2"`) +
    rect(x + w * 0.42, y, w * 0.16, h, C.cream3, 'opacity="0.7"');
  if (label) s += rect(x + 8, y + h * 0.55, w * 0.3, h * 0.25, C.cream);
  return s;
}

const BLOG_SCENES = {
  "birmingham-area-flooring-guides": {
    kicker: "BIRMINGHAM AREA GUIDES",
    lines: ["Flooring for Every", "Neighborhood"],
    size: 40,
    build: (rng) => {
      let b = skyline(
        rng,
        0,
        300,
        { back: C.navy3, front: C.navy, front2: C.navy2, win: C.oakPale },
        { tallAt: 2, tallH: 210 },
      );
      b += hills([{ y: 270, amp: 20, freq: 1, phase: 3.6, fill: C.sagePale }]);
      b += `<g>${rect(300, GROUND - 60, 500, 60, C.sageLight)}</g>`;
      b += house(310, "bungalow", HOUSE.cream, 0.8) + house(420, "twostory", HOUSE.brickLight, 0.7);
      b +=
        `<ellipse cx="690" cy="${GROUND - 14}" rx="120" ry="14" fill="${C.water}"/>` +
        house(620, "cottage", HOUSE.wood, 0.6);
      b += tree(560, GROUND, 80, C.sageDark) + tree(780, GROUND, 90, C.sage, C.oakDark, "pine");
      return { theme: { sky: "#f3e6d4", sunX: 560, sunY: 130 }, floor: "honey", body: b };
    },
  },
  "downtown-birmingham-loft-flooring": {
    kicker: "DOWNTOWN LIVING",
    lines: ["Loft & Condo Floors"],
    size: 44,
    build: (rng) => {
      // interior loft: exposed brick wall with big steel window showing skyline
      let b = rect(0, 0, W, GROUND, C.brick);
      for (let y = 0; y < GROUND; y += 14) {
        for (let x = (y / 14) % 2 ? -20 : 0; x < W; x += 40)
          b += rect(x + 1, y + 1, 38, 12, rng.pick([C.brick, C.brickLight, C.brickDark]));
      }
      b += rect(440, 156, 320, 160, C.navyTint);
      b += `<clipPath id="win"><rect x="440" y="156" width="320" height="160"/></clipPath><g clip-path="url(#win)">${skyline(rng, 420, 780, { back: C.navy3, front: C.navy2, front2: C.navy, win: C.oakPale }, { maxFront: 120, maxBack: 150 })}</g>`;
      for (let i = 0; i <= 4; i++) b += rect(440 + i * 80 - 3, 156, 6, 160, C.navy);
      for (let j = 0; j <= 2; j++) b += rect(440, 156 + j * 80 - 3, 320, 6, C.navy);
      b += rect(432, 316, 336, 10, C.cream3);
      // steel column + rug + sofa
      b += rect(380, 0, 22, GROUND, C.navy2);
      b +=
        rect(60, GROUND - 70, 220, 40, C.sage, 'rx="8"') +
        rect(50, GROUND - 96, 240, 34, C.sageDark, 'rx="10"') +
        rect(40, GROUND - 80, 30, 56, C.sageDark, 'rx="8"') +
        rect(270, GROUND - 80, 30, 56, C.sageDark, 'rx="8"') +
        rect(70, GROUND - 26, 8, 26, C.navy) +
        rect(262, GROUND - 26, 8, 26, C.navy);
      return { theme: { sky: C.brick, sun: false }, floor: "whiteOak", body: b };
    },
  },
  "lvp-vs-hardwood-alabama-humidity": {
    kicker: "HUMIDITY GUIDE",
    lines: ["LVP or Hardwood?"],
    size: 46,
    split: ["honey", "greyWash"],
    build: (rng) => {
      let b = hills([{ y: 280, amp: 16, freq: 1.5, phase: 0.5, fill: C.sageLight }]);
      b += cloud(560, 80, 2.0, C.white, 0.9) + cloud(700, 120, 1.4, C.white, 0.85);
      for (let i = 0; i < 40; i++) {
        const x = rng.range(430, 800);
        const y = rng.range(140, 300);
        b += `<path d="M${f1(x)} ${f1(y)} q 5 9 0 12 q -5 -3 0 -12 Z" fill="${C.water}" opacity="0.8"/>`;
      }
      b += house(60, "cottage", HOUSE.cream) + house(200, "bungalow", HOUSE.sage, 0.9);
      // thermometer / hygrometer dial
      b +=
        circle(420, 230, 46, C.cream, `stroke="${C.navy}" stroke-width="6"`) +
        `<path d="M420 230 L446 206" stroke="${C.brick}" stroke-width="5" stroke-linecap="round"/>` +
        circle(420, 230, 6, C.navy);
      b += `<text x="420" y="262" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="15" fill="${C.navy}">RH %</text>`;
      return {
        theme: { sky: "#e9e3d6", sunX: 470, sunY: 60, sunColor: C.oakLight },
        floor: "honey",
        body: b,
      };
    },
  },
  "how-to-measure-a-room-for-flooring": {
    kicker: "HOW-TO GUIDE",
    lines: ["Measure & Order", "+10% Waste"],
    size: 40,
    build: (rng) => {
      let b = rect(0, 0, W, GROUND, C.navyTint);
      for (let x = 0; x < W; x += 20) b += rect(x, 0, 1, GROUND, "#c8d0de");
      for (let y = 0; y < GROUND; y += 20) b += rect(0, y, W, 1, "#c8d0de");
      // L-shaped floor plan
      b +=
        `<path d="M490 60 H770 V170 H680 V300 H490 Z" fill="${C.cream}" stroke="${C.navy}" stroke-width="6"/>` +
        `<path d="M490 170 H600" stroke="${C.navy}" stroke-width="3" stroke-dasharray="8 6"/>`;
      b += `<text x="600" y="122" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="18" fill="${C.navy}">16 × 14 ft</text>`;
      b += `<text x="585" y="244" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="18" fill="${C.navy}">11 × 10 ft</text>`;
      b += `<path d="M490 40 H770 M490 34 v12 M770 34 v12" stroke="${C.brick}" stroke-width="3"/>`;
      // tape measure
      b +=
        rect(300, 226, 100, 90, C.oak, 'rx="22"') +
        circle(350, 271, 24, C.oakDark) +
        circle(350, 271, 9, C.cream) +
        rect(390, 294, 90, 18, "#e9d36a");
      for (let i = 0; i < 9; i++) b += rect(396 + i * 10, 294, 1.5, i % 2 ? 6 : 10, C.navy);
      // boxes
      b +=
        box(40, 290, 90, 46) +
        box(134, 290, 90, 46) +
        box(86, 244, 90, 46, C.oakLight) +
        box(228, 290, 60, 46);
      return { theme: { sky: C.navyTint, sun: false }, floor: "lvpBrown", body: b };
    },
  },
  "acclimating-and-installing-floating-floors": {
    kicker: "DIY GUIDE",
    lines: ["Floating Floors,", "Step by Step"],
    size: 40,
    build: (rng) => {
      let b = rect(0, 0, W, GROUND, "#efe7da") + rect(0, GROUND - 16, W, 16, C.cream);
      // underlayment and planks being laid in perspective-free layers
      b += rect(380, 250, 420, 88, C.sagePale);
      for (let r = 0; r < 4; r++) {
        let x = 380 + (r % 2) * 60;
        const y = 250 + r * 22;
        while (x < 800) {
          const len = 150;
          b += rect(x + 1, y + 1, len - 2, 20, rng.pick(WOODS.whiteOak.slice(0, 4)));
          x += len;
        }
      }
      // plank being angled in
      b += `<g transform="translate(470 214) rotate(-12)">${rect(0, 0, 180, 20, WOODS.whiteOak[1], `stroke="${C.oakDark}" stroke-width="1.5"`)}</g>`;
      // spacers
      b += rect(372, 254, 8, 14, C.brick) + rect(372, 290, 8, 14, C.brick);
      // boxes acclimating
      b +=
        box(60, 272, 120, 44) +
        box(60, 228, 120, 44) +
        box(190, 272, 120, 44) +
        box(190, 228, 120, 44);
      // thermometer
      b +=
        rect(720, 40, 22, 140, C.cream, `rx="11" stroke="${C.navy}" stroke-width="4"`) +
        circle(731, 182, 20, C.brick) +
        rect(726, 100, 10, 80, C.brick);
      b += `<path d="M750 70 h12 M750 100 h12 M750 130 h12" stroke="${C.navy}" stroke-width="3"/>`;
      return { theme: { sky: "#efe7da", sun: false }, floor: "whiteOak", body: b };
    },
  },
  "choosing-tile-for-bathrooms-and-kitchens": {
    kicker: "TILE GUIDE",
    lines: ["Bath & Kitchen Tile"],
    size: 42,
    floorKind: "tile",
    build: (rng) => {
      let b = rect(0, 0, W, GROUND, C.cream);
      // subway tile wall
      for (let y = 0; y < GROUND; y += 20) {
        for (let x = (y / 20) % 2 ? -20 : 0; x < W; x += 40)
          b += rect(x + 1.5, y + 1.5, 37, 17, C.white);
      }
      // tub
      b +=
        `<path d="M420 250 H780 V270 Q780 330 720 330 H480 Q420 330 420 270 Z" fill="${C.white}" stroke="${C.navy3}" stroke-width="3"/>` +
        rect(410, 244, 380, 10, C.navy3, 'rx="4"');
      b +=
        rect(740, 170, 8, 76, C.navy3) +
        `<path d="M744 172 q -30 0 -30 24" stroke="${C.navy3}" stroke-width="6" fill="none"/>`;
      // hex mosaic accent band
      for (let i = 0; i < 22; i++) {
        const cx = 430 + i * 16;
        const cy = 200;
        const hex = Array.from({ length: 6 }, (_, k) => [
          cx + 7 * Math.cos((Math.PI / 3) * k),
          cy + 7 * Math.sin((Math.PI / 3) * k),
        ]);
        b += poly(hex, i % 3 ? C.sage : C.navy2);
      }
      // vanity + plant
      b +=
        rect(90, 230, 200, 108, C.navy2) +
        rect(80, 220, 220, 12, C.cream3) +
        rect(110, 250, 70, 70, C.navy3) +
        rect(200, 250, 70, 70, C.navy3);
      b += rect(150, 110, 80, 100, C.navyTint, `stroke="${C.oak}" stroke-width="6" rx="40"`);
      b +=
        rect(320, 290, 40, 48, C.brick) +
        circle(340, 270, 24, C.sage) +
        circle(326, 256, 14, C.sageDark);
      return { theme: { sky: C.cream, sun: false }, floor: "greyWash", body: b };
    },
  },
  "bedroom-carpet-pile-face-weight-padding": {
    kicker: "CARPET GUIDE",
    lines: ["Bedroom Carpet", "Explained"],
    size: 40,
    floorKind: "carpet",
    build: (rng) => {
      let b = rect(0, 0, W, GROUND, "#e9ded0");
      // bed
      b +=
        rect(420, 170, 300, 120, C.navy2, 'rx="10"') +
        rect(400, 250, 340, 60, C.cream, 'rx="10"') +
        rect(400, 300, 340, 38, C.sage) +
        rect(440, 230, 110, 34, C.white, 'rx="14"') +
        rect(590, 230, 110, 34, C.white, 'rx="14"');
      b += rect(400, 285, 340, 22, C.sageDark);
      // nightstand + lamp
      b +=
        rect(300, 260, 80, 78, C.oak) +
        rect(300, 290, 80, 3, C.oakDark) +
        rect(336, 220, 8, 40, C.navy) +
        poly(
          [
            [316, 222],
            [364, 222],
            [354, 186],
            [326, 186],
          ],
          C.oakPale,
        );
      // window with curtains
      b +=
        rect(90, 70, 160, 150, C.navyTint) +
        rect(168, 70, 4, 150, C.cream) +
        rect(90, 143, 160, 4, C.cream) +
        rect(70, 60, 30, 200, C.brickLight) +
        rect(240, 60, 30, 200, C.brickLight) +
        rect(60, 54, 220, 8, C.oakDark);
      // carpet cross-section swatch
      b +=
        rect(40, 290, 220, 14, C.oakPale) +
        rect(40, 304, 220, 12, "#c9b9a2") +
        rect(40, 316, 220, 8, C.navy3);
      for (let x = 44; x < 258; x += 6) b += rect(x, 278, 3, 14, C.oakLight, 'rx="1.5"');
      return { theme: { sky: "#e9ded0", sun: false }, floor: "whiteOak", body: b };
    },
  },
  "buying-closeout-flooring-wisely": {
    kicker: "CLOSEOUT DEALS",
    lines: ["Buy Closeouts", "the Smart Way"],
    size: 40,
    build: (rng) => {
      let b = rect(0, 0, W, GROUND, "#ece6da");
      // warehouse shelving
      b +=
        rect(380, 60, 8, 278, C.navy3) +
        rect(780, 60, 8, 278, C.navy3) +
        rect(380, 150, 408, 8, C.navy3) +
        rect(380, 240, 408, 8, C.navy3) +
        rect(380, 60, 408, 8, C.navy3);
      for (let s = 0; s < 3; s++) {
        const y = [106, 196, 290][s];
        for (let i = 0; i < 4; i++)
          b += box(394 + i * 96, y, 86, 44, rng.pick([C.oakPale, C.oakLight, C.cream3]));
      }
      // pallet with big stack + tag
      b +=
        rect(60, 318, 260, 14, C.oakDark) +
        rect(70, 332, 20, 6, C.oakDeep) +
        rect(180, 332, 20, 6, C.oakDeep) +
        rect(290, 332, 20, 6, C.oakDeep);
      for (let r = 0; r < 3; r++)
        for (let i = 0; i < 2; i++)
          b += box(70 + i * 122, 274 - r * 44, 118, 44, r === 2 ? C.oakLight : C.oakPale, r !== 2);
      b += `<g transform="translate(150 236) rotate(-8)"><path d="M0 0 H110 V56 H0 L-22 28 Z" fill="${C.brick}"/><circle cx="-4" cy="28" r="6" fill="${C.cream}"/><text x="55" y="36" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="21" fill="${C.cream}">SALE</text></g>`;
      return { theme: { sky: "#ece6da", sun: false }, floor: "lvpBrown", body: b };
    },
  },
};

// ---------------------------------------------------------------------------
// Banner renderer
// ---------------------------------------------------------------------------
async function renderBanner({ seed, kicker, lines, size, scene, floorKind, split }) {
  const rng = makeRng(seed);
  const sc = scene(rng);
  const panel = await titlePanel({ kicker, lines, size, dark: !!sc.titleDark });
  let body = sky(sc.theme, panel) + sc.body;
  const kind = floorKind ?? sc.floorKind ?? "plank";
  if (split) {
    body += `<clipPath id="l"><rect x="0" y="0" width="${W / 2}" height="${H}"/></clipPath><clipPath id="r"><rect x="${W / 2}" y="0" width="${W / 2}" height="${H}"/></clipPath>`;
    body += `<g clip-path="url(#l)">${plankBand(makeRng(seed + "a"), split[0], kind)}</g><g clip-path="url(#r)">${plankBand(makeRng(seed + "b"), split[1], kind)}</g>`;
    body += rect(W / 2 - 2, BAND_TOP, 4, H - BAND_TOP, C.navy);
  } else {
    body += plankBand(makeRng(seed + "floor"), sc.floor, kind);
  }
  body += panel.svg;
  body += brandTab();
  return svgDoc(W, H, body);
}

async function writePng(svg, file, maxBytes) {
  let quality = 80;
  let buf;
  for (;;) {
    buf = await sharp(Buffer.from(svg))
      .png({ palette: true, quality, compressionLevel: 9, effort: 10 })
      .toBuffer();
    if (buf.length <= maxBytes || quality <= 30) break;
    quality -= 10;
  }
  await writeFile(file, buf);
  return { file, bytes: buf.length, quality };
}

// ---------------------------------------------------------------------------
// Gallery interiors (1200 x 800, one-point perspective)
// ---------------------------------------------------------------------------
function camera({ vx = 600, vy = 330, f = 1000, h = 1.4 } = {}) {
  return {
    vx,
    vy,
    f,
    h,
    P(X, Y, z) {
      return [vx + (f * X) / z, vy + (f * (h - Y)) / z];
    },
  };
}

function roomShell(cam, { halfW, height, zBack, wall, wallSide, wallSide2, ceiling, baseboard }) {
  const P = cam.P;
  const zNear = 0.4;
  const bl = P(-halfW, 0, zBack),
    br = P(halfW, 0, zBack),
    tl = P(-halfW, height, zBack),
    tr = P(halfW, height, zBack);
  const nbl = P(-halfW, 0, zNear),
    nbr = P(halfW, 0, zNear),
    ntl = P(-halfW, height, zNear),
    ntr = P(halfW, height, zNear);
  let s = "";
  s += poly([tl, tr, ntr, ntl], ceiling);
  s += poly([tl, bl, nbl, ntl], wallSide);
  s += poly([tr, br, nbr, ntr], wallSide2 ?? wallSide);
  s += poly([tl, tr, br, bl], wall);
  // baseboards
  const bb = 0.1;
  s += poly(
    [P(-halfW, 0, zBack), P(halfW, 0, zBack), P(halfW, bb, zBack), P(-halfW, bb, zBack)],
    baseboard,
  );
  s += poly(
    [P(-halfW, 0, zBack), P(-halfW, bb, zBack), P(-halfW, bb, zNear), P(-halfW, 0, zNear)],
    baseboard,
  );
  s += poly(
    [P(halfW, 0, zBack), P(halfW, bb, zBack), P(halfW, bb, zNear), P(halfW, 0, zNear)],
    baseboard,
  );
  return s;
}

function plankFloor(
  cam,
  rng,
  { halfW, zBack, zFront = 2.6, boardW = 0.16, shades, gap, minL = 0.8, maxL = 1.9 },
) {
  const P = cam.P;
  let s = poly(
    [P(-halfW, 0, zBack), P(halfW, 0, zBack), P(halfW, 0, zFront), P(-halfW, 0, zFront)],
    gap,
  );
  for (let X = -halfW; X < halfW - 1e-6; X += boardW) {
    const X1 = Math.min(halfW, X + boardW);
    let z = zFront - rng.range(0, maxL);
    while (z < zBack) {
      const len = rng.range(minL, maxL);
      const za = Math.max(z, zFront);
      const zb = Math.min(z + len, zBack);
      if (zb > za) {
        const inset = 0.006;
        const q = [
          P(X + inset, 0, za + 0.01),
          P(X1 - inset, 0, za + 0.01),
          P(X1 - inset, 0, zb - 0.01),
          P(X + inset, 0, zb - 0.01),
        ];
        s += poly(q, rng.pick(shades));
      }
      z += len;
    }
  }
  return s;
}

function tileFloor(cam, rng, { halfW, zBack, zFront = 2.6, size = 0.6, shades, grout }) {
  const P = cam.P;
  let s = poly(
    [P(-halfW, 0, zBack), P(halfW, 0, zBack), P(halfW, 0, zFront), P(-halfW, 0, zFront)],
    grout,
  );
  for (let X = -halfW; X < halfW - 1e-6; X += size) {
    for (let z = zBack - size; z > zFront - size; z -= size) {
      const g = 0.012;
      const za = Math.max(z + g, zFront),
        zb = z + size - g;
      const q = [
        P(X + g, 0, za),
        P(Math.min(X + size, halfW) - g, 0, za),
        P(Math.min(X + size, halfW) - g, 0, zb),
        P(X + g, 0, zb),
      ];
      s += poly(q, rng.pick(shades));
    }
  }
  return s;
}

// Axis-aligned box in world coordinates, drawn with visible faces only.
function wbox(cam, X0, X1, Y0, Y1, z0, z1, { front, top, side }) {
  const P = cam.P;
  let s = "";
  if (Y1 < cam.h) s += poly([P(X0, Y1, z0), P(X1, Y1, z0), P(X1, Y1, z1), P(X0, Y1, z1)], top);
  else if (Y0 > cam.h) s += poly([P(X0, Y0, z0), P(X1, Y0, z0), P(X1, Y0, z1), P(X0, Y0, z1)], top);
  if (X1 < 0) s += poly([P(X1, Y0, z0), P(X1, Y1, z0), P(X1, Y1, z1), P(X1, Y0, z1)], side);
  if (X0 > 0) s += poly([P(X0, Y0, z0), P(X0, Y1, z0), P(X0, Y1, z1), P(X0, Y0, z1)], side);
  s += poly([P(X0, Y0, z0), P(X1, Y0, z0), P(X1, Y1, z0), P(X0, Y1, z0)], front);
  return s;
}

function wallRect(cam, X0, X1, Y0, Y1, z, fill, extra = "") {
  const P = cam.P;
  return poly([P(X0, Y0, z), P(X1, Y0, z), P(X1, Y1, z), P(X0, Y1, z)], fill, extra);
}

function floorQuad(cam, X0, X1, z0, z1, fill, extra = "") {
  const P = cam.P;
  return poly(
    [P(X0, 0.002, z0), P(X1, 0.002, z0), P(X1, 0.002, z1), P(X0, 0.002, z1)],
    fill,
    extra,
  );
}

function sideWallRect(cam, X, z0, z1, Y0, Y1, fill) {
  const P = cam.P;
  return poly([P(X, Y0, z0), P(X, Y0, z1), P(X, Y1, z1), P(X, Y1, z0)], fill);
}

function galleryHardwood() {
  const cam = camera({ vy: 330 });
  const rng = makeRng("gallery-hardwood");
  const halfW = 2.9,
    height = 3.1,
    zBack = 10;
  let s = roomShell(cam, {
    halfW,
    height,
    zBack,
    wall: C.cream,
    wallSide: C.cream2,
    wallSide2: "#e4d6c1",
    ceiling: "#f9f5ee",
    baseboard: C.white,
  });
  s += plankFloor(cam, rng, { halfW, zBack, shades: WOODS.honey.slice(0, 4), gap: WOODS.honey[4] });
  // big window on back wall with trees outside
  s += wallRect(cam, -1.7, 0.6, 0.7, 2.5, zBack, C.white);
  s += wallRect(cam, -1.62, 0.52, 0.78, 2.42, zBack, "#cfdbe3");
  const [wx0, wy0] = cam.P(-1.62, 2.42, zBack);
  const [wx1, wy1] = cam.P(0.52, 0.78, zBack);
  s +=
    `<clipPath id="gw"><rect x="${wx0}" y="${wy0}" width="${wx1 - wx0}" height="${wy1 - wy0}"/></clipPath><g clip-path="url(#gw)">` +
    `<ellipse cx="${wx0 + 60}" cy="${wy1 - 10}" rx="110" ry="80" fill="${C.sageLight}"/><ellipse cx="${wx0 + 190}" cy="${wy1}" rx="120" ry="70" fill="${C.sage}"/>` +
    `<rect x="${wx0}" y="${wy1 - 22}" width="${wx1 - wx0}" height="22" fill="${C.sageDark}"/></g>`;
  s +=
    wallRect(cam, -0.58, -0.52, 0.78, 2.42, zBack, C.white) +
    wallRect(cam, -1.62, 0.52, 1.57, 1.63, zBack, C.white);
  // framed art on right part of back wall
  s +=
    wallRect(cam, 1.1, 2.3, 1.4, 2.2, zBack, C.oakDark) +
    wallRect(cam, 1.15, 2.25, 1.45, 2.15, zBack, C.cream2) +
    wallRect(cam, 1.15, 2.25, 1.45, 1.7, zBack, C.sage) +
    wallRect(cam, 1.5, 2.25, 1.45, 1.85, zBack, C.brickLight);
  // rug
  s +=
    floorQuad(cam, -1.9, 1.6, 5.2, 8.6, C.brick) +
    floorQuad(cam, -1.75, 1.45, 5.35, 8.45, C.brickLight) +
    floorQuad(cam, -1.5, 1.2, 5.7, 8.1, C.cream2);
  // sofa against back wall
  const sofa = { front: C.navy2, top: C.navy3, side: C.navy };
  s += wbox(cam, -1.9, 1.3, 0.1, 0.45, 8.9, 9.8, sofa);
  s += wbox(cam, -1.9, 1.3, 0.1, 0.95, 9.5, 9.85, sofa);
  s +=
    wbox(cam, -1.9, -1.6, 0.1, 0.65, 8.9, 9.8, sofa) +
    wbox(cam, 1.0, 1.3, 0.1, 0.65, 8.9, 9.8, sofa);
  s += wbox(cam, -1.45, -0.85, 0.45, 0.8, 9.3, 9.5, {
    front: C.oakPale,
    top: C.cream,
    side: C.oak,
  });
  s += wbox(cam, 0.3, 0.9, 0.45, 0.8, 9.3, 9.5, {
    front: C.sageLight,
    top: C.sagePale,
    side: C.sage,
  });
  // floor lamp right
  s += wbox(cam, 2.0, 2.04, 0, 1.6, 9.0, 9.04, { front: C.navy, top: C.navy, side: C.navy });
  s += wbox(cam, 1.8, 2.24, 1.5, 1.85, 8.9, 9.2, {
    front: C.oakPale,
    top: C.cream,
    side: C.oakLight,
  });
  // coffee table
  const tbl = { front: C.oakDark, top: C.oak, side: C.oakDeep };
  s +=
    wbox(cam, -1.0, -0.94, 0, 0.4, 6.8, 6.86, tbl) + wbox(cam, 0.44, 0.5, 0, 0.4, 6.8, 6.86, tbl);
  s += wbox(cam, -1.0, 0.5, 0.4, 0.46, 6.4, 7.4, tbl);
  s += wbox(cam, -0.5, -0.3, 0.46, 0.58, 6.8, 6.95, {
    front: C.sage,
    top: C.sageLight,
    side: C.sageDark,
  });
  // armchair left, facing the sofa
  const chair = { front: C.sage, top: C.sageLight, side: C.sageDark };
  s += wbox(cam, -2.75, -2.55, 0.1, 0.95, 6.3, 7.3, chair);
  s += wbox(cam, -2.75, -1.95, 0.1, 0.62, 7.15, 7.35, chair);
  s += wbox(cam, -2.55, -1.95, 0.1, 0.45, 6.4, 7.15, { front: C.sagePale, top: C.sagePale, side: C.sageLight });
  s += wbox(cam, -2.75, -1.95, 0.1, 0.62, 6.25, 6.45, chair);
  s +=
    wbox(cam, -2.7, -2.66, 0, 0.1, 6.28, 6.32, { front: C.oakDark, top: C.oakDark, side: C.oakDark }) +
    wbox(cam, -2.0, -1.96, 0, 0.1, 6.28, 6.32, { front: C.oakDark, top: C.oakDark, side: C.oakDark });
  // plant
  s += wbox(cam, 2.3, 2.6, 0, 0.4, 7.2, 7.5, {
    front: C.brick,
    top: C.brickDark,
    side: C.brickDark,
  });
  const [px, py] = cam.P(2.45, 1.0, 7.35);
  s +=
    circle(px, py, 70, C.sage) +
    circle(px - 40, py + 40, 46, C.sageDark) +
    circle(px + 30, py + 50, 40, C.sageDark);
  // pendant light
  const [lx, ly] = cam.P(-0.3, 3.1, 7);
  const [lx2, ly2] = cam.P(-0.3, 2.3, 7);
  s +=
    `<path d="M${lx} ${ly} V${ly2}" stroke="${C.navy}" stroke-width="2"/>` +
    `<path d="M${lx2 - 40} ${ly2 + 40} Q ${lx2} ${ly2 - 20} ${lx2 + 40} ${ly2 + 40} Z" fill="${C.oak}"/>`;
  return svgDoc(1200, 800, s);
}

function galleryTile() {
  const cam = camera({ vy: 320, h: 1.55 });
  const rng = makeRng("gallery-tile");
  const halfW = 2.8,
    height = 2.9,
    zBack = 9;
  let s = roomShell(cam, {
    halfW,
    height,
    zBack,
    wall: "#e7ebe3",
    wallSide: "#dde3d7",
    wallSide2: "#d5dccf",
    ceiling: "#f8f7f2",
    baseboard: C.white,
  });
  s += tileFloor(cam, rng, {
    halfW,
    zBack,
    size: 0.6,
    shades: ["#c9c3b8", "#d2ccc1", "#bfb9ae", "#cdc6ba"],
    grout: "#a59e92",
  });
  // lower cabinets along back wall
  const cab = { front: C.navy2, top: C.cream, side: C.navy };
  s += wbox(cam, -2.8, 2.8, 0, 0.9, 8.4, 9, cab);
  s += wbox(cam, -2.8, 2.8, 0.9, 0.94, 8.35, 9, { front: C.cream, top: "#faf7f0", side: C.cream2 });
  for (let i = 0; i < 8; i++) {
    const x0 = -2.75 + i * 0.7;
    s +=
      wallRect(cam, x0, x0 + 0.62, 0.12, 0.82, 8.39, C.navy3) +
      wallRect(cam, x0 + 0.26, x0 + 0.36, 0.7, 0.73, 8.38, C.oakPale);
  }
  // backsplash subway tile
  const y0 = 0.94,
    y1 = 1.6;
  s += wallRect(cam, -2.8, 2.8, y0, y1, zBack, C.white);
  for (let y = y0, r = 0; y < y1; y += 0.075, r++) {
    for (let x = -2.8 + (r % 2 ? -0.075 : 0); x < 2.8; x += 0.15) {
      s += wallRect(
        cam,
        Math.max(-2.8, x + 0.006),
        Math.min(2.8, x + 0.144),
        y + 0.005,
        Math.min(y1, y + 0.07),
        zBack,
        "#f3f1ec",
      );
    }
  }
  // upper cabinets & window
  s +=
    wallRect(cam, -2.8, -0.9, 1.65, 2.5, zBack, C.navy2) +
    wallRect(cam, 0.9, 2.8, 1.65, 2.5, zBack, C.navy2);
  for (const x of [-2.7, -1.8, 1.0, 1.9])
    s += wallRect(cam, x, x + 0.8, 1.72, 2.42, zBack, C.navy3);
  s +=
    wallRect(cam, -0.75, 0.75, 1.7, 2.5, zBack, C.white) +
    wallRect(cam, -0.68, 0.68, 1.76, 2.44, zBack, "#cfe0e6");
  s += wallRect(cam, -0.03, 0.03, 1.76, 2.44, zBack, C.white);
  // range hood area: sink under window
  s += wallRect(cam, -0.5, 0.5, 0.94, 0.97, 8.36, C.navy3);
  // island in foreground
  s += wbox(cam, -1.3, 1.3, 0, 0.9, 5.6, 6.6, { front: C.sage, top: C.cream, side: C.sageDark });
  s += wbox(cam, -1.4, 1.4, 0.9, 0.95, 5.5, 6.7, {
    front: C.cream2,
    top: "#fbf8f2",
    side: C.cream3,
  });
  for (const x of [-1.2, -0.35, 0.5]) s += wallRect(cam, x, x + 0.7, 0.1, 0.8, 5.59, C.sageLight);
  // bowl + plant on island
  const [bx, by] = cam.P(0.7, 0.95, 6.1);
  s +=
    `<ellipse cx="${bx}" cy="${by - 14}" rx="42" ry="18" fill="${C.oak}"/>` +
    circle(bx - 14, by - 28, 13, C.oakLight) +
    circle(bx + 10, by - 30, 13, C.brickLight);
  // stools
  for (const x of [-0.9, 0.2]) {
    s +=
      wbox(cam, x, x + 0.04, 0, 0.65, 5.2, 5.24, { front: C.navy, top: C.navy, side: C.navy }) +
      wbox(cam, x + 0.36, x + 0.4, 0, 0.65, 5.2, 5.24, {
        front: C.navy,
        top: C.navy,
        side: C.navy,
      });
    s += wbox(cam, x - 0.04, x + 0.44, 0.65, 0.72, 4.9, 5.3, {
      front: C.oakDark,
      top: C.oak,
      side: C.oakDeep,
    });
  }
  // pendants
  for (const x of [-0.8, 0.8]) {
    const [a, b] = cam.P(x, 2.9, 6.1);
    const [c2, d] = cam.P(x, 2.05, 6.1);
    s +=
      `<path d="M${a} ${b} V${d}" stroke="${C.navy}" stroke-width="2"/>` +
      `<path d="M${c2 - 34} ${d + 40} L${c2 - 16} ${d} H${c2 + 16} L${c2 + 34} ${d + 40} Z" fill="${C.oak}"/>`;
  }
  return svgDoc(1200, 800, s);
}

function galleryLvp() {
  const cam = camera({ vy: 300, h: 1.4 });
  const rng = makeRng("gallery-lvp");
  const halfW = 3.4,
    height = 2.5,
    zBack = 11;
  let s = roomShell(cam, {
    halfW,
    height,
    zBack,
    wall: "#ece6dc",
    wallSide: "#e2dbcf",
    wallSide2: "#d9d1c3",
    ceiling: "#f6f3ee",
    baseboard: C.white,
  });
  s += plankFloor(cam, rng, {
    halfW,
    zBack,
    boardW: 0.22,
    minL: 1.1,
    maxL: 1.5,
    shades: WOODS.greyWash.slice(0, 4),
    gap: WOODS.greyWash[4],
  });
  // recessed lights
  for (const z of [4, 6.5, 9])
    for (const x of [-1.6, 1.6]) {
      const [cx, cy] = cam.P(x, height - 0.001, z);
      s += `<ellipse cx="${cx}" cy="${cy}" rx="${f1(120 / z)}" ry="${f1(40 / z)}" fill="${C.white}" stroke="#d8d0c2" stroke-width="1"/>`;
    }
  // egress / hopper windows high on back wall
  s +=
    wallRect(cam, -2.6, -1.4, 1.8, 2.25, zBack, C.white) +
    wallRect(cam, -2.55, -1.45, 1.84, 2.21, zBack, C.sageLight);
  s +=
    wallRect(cam, 1.4, 2.6, 1.8, 2.25, zBack, C.white) +
    wallRect(cam, 1.45, 2.55, 1.84, 2.21, zBack, C.sageLight);
  // TV console + TV
  s += wbox(cam, -1.2, 1.2, 0, 0.5, 10.5, 10.95, {
    front: C.oak,
    top: C.oakLight,
    side: C.oakDark,
  });
  for (const x of [-1.1, -0.3, 0.5]) s += wallRect(cam, x, x + 0.7, 0.06, 0.44, 10.49, C.oakDark);
  s +=
    wallRect(cam, -1.0, 1.0, 0.95, 2.05, zBack - 0.02, C.navy) +
    wallRect(cam, -0.95, 0.95, 1.0, 2.0, zBack - 0.03, "#2b3a58");
  // stairs along the left wall, drawn far-to-near so nearer steps overlap farther ones
  const P = cam.P;
  const steps = 8;
  const rise = 0.2;
  const run = 0.28;
  for (let i = steps - 1; i >= 0; i--) {
    const z0 = 6.0 + i * run;
    const yTop = rise * (i + 1);
    s += wbox(cam, -3.4, -2.5, 0, yTop, z0, z0 + run, {
      front: C.white,
      top: WOODS.greyWash[2],
      side: "#d2c9ba",
    });
  }
  // handrail and balusters
  const railY = (z) => rise + ((z - 6.0) * rise) / run + 0.85;
  for (let i = 0; i < steps; i++) {
    const z = 6.0 + i * run + run / 2;
    if (railY(z) > height - 0.05) break;
    const [a1, b1] = P(-2.52, rise * (i + 1), z);
    const [a2, b2] = P(-2.52, railY(z), z);
    s += `<path d="M${f1(a1)} ${f1(b1)} L${f1(a2)} ${f1(b2)}" stroke="${C.navy}" stroke-width="3"/>`;
  }
  {
    const zEnd = 6.0 + ((height - 0.05 - 0.85 - rise) * run) / rise;
    const [a1, b1] = P(-2.52, railY(6.0), 6.0);
    const [a2, b2] = P(-2.52, railY(zEnd), zEnd);
    s += `<path d="M${f1(a1)} ${f1(b1)} L${f1(a2)} ${f1(b2)}" stroke="${C.navy}" stroke-width="7" stroke-linecap="round"/>`;
  }
  // rug
  s +=
    floorQuad(cam, -1.5, 2.3, 6.6, 9.9, C.cream3) +
    floorQuad(cam, -1.35, 2.15, 6.75, 9.75, C.cream);
  // floor lamp in the far right corner
  s += wbox(cam, 3.0, 3.04, 0, 1.55, 10.1, 10.14, { front: C.navy, top: C.navy, side: C.navy });
  s += wbox(cam, 2.85, 3.2, 1.45, 1.8, 10.0, 10.3, {
    front: C.oakPale,
    top: C.cream,
    side: C.oakLight,
  });
  // sofa against the right wall, seat facing the room
  const sofa = { front: C.sageDark, top: C.sageLight, side: C.sage };
  s += wbox(cam, 3.1, 3.38, 0.1, 0.92, 6.5, 9.6, sofa);
  s += wbox(cam, 2.4, 3.38, 0.1, 0.66, 9.3, 9.6, sofa);
  s += wbox(cam, 2.45, 3.1, 0.1, 0.46, 6.8, 9.3, sofa);
  for (const [z0, z1] of [
    [7.9, 9.2],
    [6.9, 7.9],
  ]) {
    s += wbox(cam, 2.95, 3.12, 0.46, 0.85, z0 + 0.04, z1 - 0.04, {
      front: C.sagePale,
      top: C.sagePale,
      side: C.sageLight,
    });
  }
  s += wbox(cam, 2.4, 3.38, 0.1, 0.66, 6.5, 6.8, sofa);
  // ottoman / coffee table on the rug
  s += wbox(cam, 0.2, 1.4, 0, 0.42, 7.6, 8.6, {
    front: C.brick,
    top: C.brickLight,
    side: C.brickDark,
  });
  s += wbox(cam, 0.5, 0.9, 0.42, 0.5, 7.9, 8.2, {
    front: C.oak,
    top: C.oakLight,
    side: C.oakDark,
  });
  return svgDoc(1200, 800, s);
}

// ---------------------------------------------------------------------------
// Partner logos (240 x 120 SVG)
// ---------------------------------------------------------------------------
const PARTNERS = [
  {
    name: "Oakridge Hardwood Mills",
    slug: "oakridge-mills",
    category: "Hardwood",
    description:
      "Family-run mill supplying our solid and engineered oak, hickory and maple, milled and kiln-dried for Southern humidity.",
    url: "https://oakridge-mills.example",
    svg: () =>
      `<rect x="14" y="22" width="76" height="76" rx="14" fill="${C.oak}"/>` +
      `<path d="M52 34 C30 46, 30 74, 52 86 C74 74, 74 46, 52 34 Z" fill="${C.cream}"/><path d="M52 40 V86 M52 56 L42 48 M52 66 L62 58 M52 76 L42 68" stroke="${C.oakDark}" stroke-width="3" fill="none" stroke-linecap="round"/>` +
      `<text x="102" y="58" font-family="${FONT}" font-weight="bold" font-size="24" fill="${C.navy}">Oakridge</text>` +
      `<text x="103" y="80" font-family="${FONT}" font-size="11" letter-spacing="1" textLength="126" lengthAdjust="spacingAndGlyphs" fill="${C.oakDark}">HARDWOOD MILLS</text>`,
  },
  {
    name: "Riverbend Vinyl Works",
    slug: "riverbend-vinyl",
    category: "Luxury Vinyl",
    description:
      "Manufacturer of rigid-core luxury vinyl plank and tile with waterproof cores and thick wear layers for busy homes.",
    url: "https://riverbend-vinyl.example",
    svg: () =>
      `<circle cx="52" cy="60" r="38" fill="${C.navy}"/>` +
      `<path d="M22 52 C36 40, 48 64, 62 52 S 80 44, 86 50" stroke="${C.cream}" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M20 68 C34 56, 48 80, 62 68 S 80 60, 86 66" stroke="${C.sageLight}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
      `<text x="100" y="58" font-family="${FONT}" font-weight="bold" font-size="23" fill="${C.navy}">Riverbend</text>` +
      `<text x="101" y="80" font-family="${FONT}" font-size="12.5" letter-spacing="2.4" fill="${C.sageDark}">VINYL WORKS</text>`,
  },
  {
    name: "Mediterra Tile Imports",
    slug: "mediterra-tile",
    category: "Tile",
    description:
      "Importer of porcelain and ceramic tile, from wood-look planks to hex mosaics, with commercial-rated lines.",
    url: "https://mediterra-tile.example",
    svg: () =>
      `<g transform="translate(16 26)">` +
      [
        [0, 0, C.brick],
        [34, 0, C.oak],
        [0, 34, C.sage],
        [34, 34, C.navy],
      ]
        .map(([x, y, c]) => `<rect x="${x}" y="${y}" width="30" height="30" rx="3" fill="${c}"/>`)
        .join("") +
      `<circle cx="32" cy="32" r="9" fill="${C.cream}"/></g>` +
      `<text x="96" y="58" font-family="${FONT}" font-weight="bold" font-size="23" fill="${C.brick}">Mediterra</text>` +
      `<text x="97" y="80" font-family="${FONT}" font-size="12.5" letter-spacing="2.5" fill="${C.navy}">TILE IMPORTS</text>`,
  },
  {
    name: "Stillfloor Acoustics",
    slug: "stillfloor-acoustics",
    category: "Underlayment",
    description:
      "Acoustic and moisture-barrier underlayments for floating floors, including sound-rated mats for condos.",
    url: "https://stillfloor-acoustics.example",
    svg: () =>
      `<rect x="16" y="68" width="70" height="10" rx="2" fill="${C.oak}"/><rect x="16" y="80" width="70" height="8" rx="2" fill="${C.sage}"/><rect x="16" y="90" width="70" height="6" rx="2" fill="${C.navy}"/>` +
      `<path d="M30 56 q 8 -10 0 -20 M44 58 q 12 -14 0 -28 M58 60 q 16 -18 0 -36" stroke="${C.navy3}" stroke-width="4" fill="none" stroke-linecap="round"/>` +
      `<text x="98" y="58" font-family="${FONT}" font-weight="bold" font-size="23" fill="${C.navy}">Stillfloor</text>` +
      `<text x="99" y="80" font-family="${FONT}" font-size="12.5" letter-spacing="3" fill="${C.navy3}">ACOUSTICS</text>`,
  },
  {
    name: "Piedmont Loom Carpet Mills",
    slug: "piedmont-loom",
    category: "Carpet",
    description:
      "Carpet mill producing stain-resistant nylon, polyester and triexta carpet plus cushion pads for bedrooms and stairs.",
    url: "https://piedmont-loom.example",
    svg: () =>
      `<rect x="14" y="24" width="74" height="72" rx="36" fill="${C.sage}"/>` +
      Array.from(
        { length: 5 },
        (_, i) =>
          `<path d="M${27 + i * 10} 82 v-22 a5 5 0 0 1 10 0 v24" stroke="${C.cream}" stroke-width="3.2" fill="none"/>`,
      ).join("") +
      `<text x="100" y="58" font-family="${FONT}" font-weight="bold" font-size="22" fill="${C.navy}">Piedmont</text>` +
      `<text x="101" y="80" font-family="${FONT}" font-size="12" letter-spacing="2" fill="${C.sageDark}">CARPET MILLS</text>`,
  },
  {
    name: "Sealbrook Adhesives",
    slug: "sealbrook-adhesives",
    category: "Adhesives & Moisture Barriers",
    description:
      "Flooring adhesives, slab moisture barriers and primers we rely on for glue-down wood and LVP over concrete.",
    url: "https://sealbrook-adhesives.example",
    svg: () =>
      `<path d="M50 20 C 50 20, 20 56, 20 74 a30 30 0 0 0 60 0 C 80 56, 50 20, 50 20 Z" fill="${C.brick}"/>` +
      `<path d="M34 76 a16 16 0 0 0 16 14" stroke="${C.cream}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
      `<text x="94" y="58" font-family="${FONT}" font-weight="bold" font-size="23" fill="${C.navy}">Sealbrook</text>` +
      `<text x="95" y="80" font-family="${FONT}" font-size="12.5" letter-spacing="2.6" fill="${C.brick}">ADHESIVES</text>`,
  },
  {
    name: "Jones Valley Flooring Contractors Alliance",
    slug: "jones-valley-flooring-alliance",
    category: "Trade Association",
    description:
      "Local association of Birmingham-area flooring installers that promotes training, safe job sites and fair standards.",
    url: "https://jonesvalley-flooring.example",
    svg: () =>
      `<path d="M52 16 L86 30 V62 C86 84 70 98 52 104 C34 98 18 84 18 62 V30 Z" fill="${C.navy}"/>` +
      `<path d="M28 74 L42 54 L52 64 L62 46 L76 74 Z" fill="${C.sageLight}"/><rect x="28" y="76" width="48" height="6" fill="${C.oak}"/><rect x="28" y="84" width="48" height="6" fill="${C.oakLight}"/>` +
      `<text x="98" y="50" font-family="${FONT}" font-weight="bold" font-size="20" fill="${C.navy}">Jones Valley</text>` +
      `<text x="99" y="70" font-family="${FONT}" font-size="9.6" letter-spacing="0.3" textLength="130" lengthAdjust="spacingAndGlyphs" fill="${C.oakDark}">FLOORING CONTRACTORS</text>` +
      `<text x="99" y="86" font-family="${FONT}" font-weight="bold" font-size="11.5" letter-spacing="3.2" fill="${C.oakDark}">ALLIANCE</text>`,
  },
];

function partnerSvg(p) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120" width="240" height="120" role="img" aria-label="${esc(p.name)} logo"><title>${esc(p.name)}</title>${p.svg()}</svg>\n`;
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------
async function main() {
  for (const dir of Object.values(OUT)) await mkdir(dir, { recursive: true });
  const report = [];

  for (const [name, slug] of AREAS) {
    const scene = AREA_SCENES[slug];
    if (!scene) throw new Error(`no scene for ${slug}`);
    const svg = await renderBanner({
      seed: slug,
      kicker: "BIRMINGHAM AREA GUIDE",
      lines: [name],
      size: name.length > 14 ? 48 : 54,
      scene,
    });
    report.push(await writePng(svg, path.join(OUT.areas, `${slug}.png`), 50 * 1024));
  }

  for (const [slug, spec] of Object.entries(BLOG_SCENES)) {
    const svg = await renderBanner({
      seed: slug,
      kicker: spec.kicker,
      lines: spec.lines,
      size: spec.size,
      scene: spec.build,
      floorKind: spec.floorKind,
      split: spec.split,
    });
    report.push(await writePng(svg, path.join(OUT.blog, `${slug}.png`), 50 * 1024));
  }

  const gallery = [
    [
      "hardwood-living-room",
      galleryHardwood(),
      "Hardwood Living Room",
      "Honey-toned oak planks run the length of a bright living room, finished with a wool rug and a deep navy sofa.",
    ],
    [
      "tile-kitchen",
      galleryTile(),
      "Porcelain Tile Kitchen",
      "Large-format porcelain floor tile with a subway backsplash, navy cabinets and a sage island built for everyday cooking.",
    ],
    [
      "lvp-basement-family-room",
      galleryLvp(),
      "LVP Basement Family Room",
      "Waterproof rigid-core luxury vinyl plank in a soft gray-wash tone turns a below-grade basement into an open family room.",
    ],
  ];
  for (const [name, svg] of gallery) {
    const file = path.join(OUT.gallery, `${name}.webp`);
    let quality = 82;
    let buf;
    for (;;) {
      buf = await sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toBuffer();
      if (buf.length <= 80 * 1024 || quality <= 40) break;
      quality -= 6;
    }
    await writeFile(file, buf);
    report.push({ file, bytes: buf.length, quality });
  }

  // The home page hero shows the hardwood room at 40% opacity under a navy gradient, as the
  // page's largest paint: a low-quality copy looks the same there at half the bytes.
  {
    const file = path.join(OUT.gallery, "hardwood-living-room-hero.webp");
    const buf = await sharp(Buffer.from(galleryHardwood())).webp({ quality: 40, effort: 6 }).toBuffer();
    await writeFile(file, buf);
    report.push({ file, bytes: buf.length, quality: 40 });
  }

  for (const p of PARTNERS) {
    const file = path.join(OUT.partners, `${p.slug}.svg`);
    await writeFile(file, partnerSvg(p));
    report.push({ file, bytes: (await stat(file)).size });
  }

  // Content manifests that point at the generated files.
  await mkdir(path.join(ROOT, "content"), { recursive: true });
  const galleryJson = gallery.map(([name, , title, description]) => ({
    src: `/img/gallery/${name}.webp`,
    title,
    description,
    width: 1200,
    height: 800,
  }));
  await writeFile(path.join(ROOT, "content/gallery.json"), `${JSON.stringify(galleryJson, null, 2)}\n`);
  const partnersJson = PARTNERS.map(({ name, slug, description, category, url }) => ({
    name,
    slug,
    description,
    category,
    url,
    logo: `/img/partners/${slug}.svg`,
  }));
  await writeFile(path.join(ROOT, "content/partners.json"), `${JSON.stringify(partnersJson, null, 2)}\n`);

  for (const r of report)
    console.log(
      `${String(r.bytes).padStart(7)} B  q=${r.quality ?? "-"}  ${path.relative(ROOT, r.file)}`,
    );
  const big = report.filter(
    (r) =>
      (r.file.endsWith(".png") && r.bytes > 50 * 1024) ||
      (r.file.endsWith(".webp") && r.bytes > 80 * 1024),
  );
  if (big.length) {
    console.error(
      "Over size budget:",
      big.map((r) => r.file),
    );
    process.exitCode = 1;
  }
}


main().catch((err) => {
  console.error(err);
  process.exit(1);
});
