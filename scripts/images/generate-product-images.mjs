#!/usr/bin/env node
/**
 * Procedural product images for the seed catalogue (Magic City Floors).
 *
 * Nothing is fetched: every swatch is drawn pixel by pixel (value noise for wood grain,
 * stone veining, carpet fibre) from the product's type / color_code / size / style, then
 * encoded to WebP with `sharp`, which is deliberately NOT a dependency of the repo.
 *
 * How to run (from the repository root):
 *   npm install --prefix /tmp/pimg sharp@0.35.5
 *   node scripts/images/generate-product-images.mjs
 *
 * Options:
 *   --only MCF-HW-1001,MCF-TL-4003   render just these SKUs (plus nothing else)
 *   --no-default                      skip web/public/img/default-flooring*.webp
 *   --jobs N                          worker threads (default: number of CPUs)
 * Environment:
 *   SHARP_PREFIX=/some/dir            where `npm install --prefix` put sharp (default /tmp/pimg)
 *
 * Input:  server/src/db/seed/sample-products.csv (the sample catalogue's floors)
 * Output: web/public/img/products/{sku}-thumb.webp  400x400   (< 20 KB)
 *         web/public/img/products/{sku}.webp        1000x1000 (< 70 KB)
 *         web/public/img/products/{sku}-room.webp   1000x750  (< 60 KB) floor in a simple room
 *         web/public/img/default-flooring.webp (1000x1000) and default-flooring-thumb.webp (400x400)
 * Only the files a product's image URLs point at are written. Output is deterministic.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { loadSampleCatalogue } from "./sample-catalogue.mjs";

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), "../..");
const IMG_DIR = path.join(ROOT, "web/public/img");
const OUT_DIR = path.join(IMG_DIR, "products");

// budgets kept a little under the hard limits (20 / 70 / 60 KB)
const LIMITS = { thumb: 19500, main: 69000, room: 59000, def: 59000 };

// ---------------------------------------------------------------------------------------------
// product list
// ---------------------------------------------------------------------------------------------
function loadProducts() {
  return loadSampleCatalogue("sample-products.csv");
}

// ---------------------------------------------------------------------------------------------
// math / noise
// ---------------------------------------------------------------------------------------------
const clamp = (x, a, b) => (x < a ? a : x > b ? b : x);
const mix = (a, b, t) => a + (b - a) * t;
const smooth = (e0, e1, x) => {
  const t = clamp((x - e0) / (e1 - e0), 0, 1);
  return t * t * (3 - 2 * t);
};
function hash(x, y, s) {
  let h =
    (Math.imul(x | 0, 374761393) + Math.imul(y | 0, 668265263) + Math.imul(s | 0, 1442695041)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  h = Math.imul(h, 2246822519);
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}
function strSeed(str) {
  let h = 2166136261;
  for (let i = 0; i < str.length; i++) h = Math.imul(h ^ str.charCodeAt(i), 16777619);
  return (h >>> 0) % 1000003;
}
/** value noise in [0,1] */
function vn(x, y, s) {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  let fx = x - xi;
  let fy = y - yi;
  fx = fx * fx * (3 - 2 * fx);
  fy = fy * fy * (3 - 2 * fy);
  const a = hash(xi, yi, s);
  const b = hash(xi + 1, yi, s);
  const c = hash(xi, yi + 1, s);
  const d = hash(xi + 1, yi + 1, s);
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}
/** detail attenuation: 1 when a feature of `freq` cycles/inch spans >= 4 px, 0 at <= 1.5 px */
const att = (freq, fp) => clamp(1.6 - 2.4 * fp * freq, 0, 1);
/** fractal noise; `freq` = cycles per inch of octave 0 (for footprint attenuation) */
function fbm(x, y, s, oct, freq = 0, fp = 0) {
  let sum = 0;
  let amp = 0.5;
  let norm = 0;
  let f = freq;
  for (let i = 0; i < oct; i++) {
    const a = fp > 0 ? att(f, fp) : 1;
    sum += amp * (a * vn(x, y, s + i * 131) + (1 - a) * 0.5);
    norm += amp;
    x = x * 2.03 + 17.17;
    y = y * 2.03 + 3.71;
    amp *= 0.5;
    f *= 2.03;
  }
  return sum / norm;
}
function hexToRgb(hex) {
  const h = (hex || "#b8925f").replace("#", "");
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

// ---------------------------------------------------------------------------------------------
// samplers: (u, v, fp, out) -> out[0..2] RGB 0..255 ; u, v in inches ; fp = inches per pixel
// ---------------------------------------------------------------------------------------------
const BEVEL = {
  micro: [0.07, 0.5],
  painted: [0.09, 0.45],
  eased: [0.2, 0.55],
  square: [0.025, 0.62],
  none: [0.02, 0.85],
};

/** Planks (hardwood / laminate / vinyl / wood-look tile). Length runs along u. */
function makeWood(o) {
  const W = o.width;
  const Lmin = o.lmin;
  const Lmax = o.lmax;
  const seed = o.seed;
  const base = o.rgb;
  const rows = new Map();
  const [bw, bdark] = BEVEL[o.bevel] || BEVEL.micro;
  const gap = o.grout || 0;
  const lum = (0.3 * base[0] + 0.59 * base[1] + 0.11 * base[2]) / 255;
  const grainDark = o.grainDark ?? 0.42;
  // layout scratch
  let lu = 0;
  let lv = 0;
  let plen = 0;
  let pid = 0;

  function rowStarts(r) {
    let a = rows.get(r);
    if (a) return a;
    a = [];
    let x = -hash(r, 3, seed) * Lmax - 4;
    let k = 0;
    a.push(x);
    while (x < 1200) {
      const t = hash(r, k++, seed + 77);
      const len = Lmin === Lmax ? Lmax : Math.round((Lmin + (Lmax - Lmin) * Math.sqrt(t)) / 3) * 3;
      x += len;
      a.push(x);
    }
    rows.set(r, a);
    return a;
  }

  function layoutRegular(u, v) {
    const r = Math.floor(v / W);
    lv = v - r * W;
    if (Lmin === Lmax) {
      // staggered end joints, never closer than ~15% of a plank to the neighbouring row
      const off = (0.15 + 0.7 * hash(r, 7, seed)) * Lmax + r * 0.37 * Lmax;
      const uu = u + off;
      const k = Math.floor(uu / Lmax);
      lu = uu - k * Lmax;
      plen = Lmax;
      pid = (Math.imul(r, 7919) + k) | 0;
    } else {
      const a = rowStarts(r);
      let lo = 0;
      let hi = a.length - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (a[mid] <= u) lo = mid;
        else hi = mid;
      }
      lu = u - a[lo];
      plen = a[lo + 1] - a[lo];
      pid = (Math.imul(r, 7919) + lo) | 0;
    }
  }

  // herringbone: plank W x L, in a lattice generated by (1,1) and (n,-n) (units of W), rotated 45deg
  const n = Lmax / W;
  const C = Math.SQRT1_2;
  function layoutHerring(u, v) {
    const x = (u * C - v * C) / W;
    const y = (u * C + v * C) / W;
    const i0 = Math.floor((x + y) / 2);
    const j0 = Math.floor((x - y) / (2 * n));
    for (let di = -4; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        const i = i0 + di;
        const j = j0 + dj;
        const qx = x - i - j * n;
        const qy = y - i + j * n;
        if (qx >= 0 && qx < n && qy >= 0 && qy < 1) {
          lu = qx * W;
          lv = qy * W;
          plen = Lmax;
          pid = (Math.imul(i, 7919) + Math.imul(j, 104729) * 2) | 0;
          return;
        }
        if (qx >= n && qx < n + 1 && qy >= 1 - n && qy < 1) {
          lu = (qy - (1 - n)) * W;
          lv = (qx - n) * W;
          plen = Lmax;
          pid = (Math.imul(i, 7919) + Math.imul(j, 104729) * 2 + 1) | 0;
          return;
        }
      }
    }
    lu = 0;
    lv = 0;
    plen = Lmax;
    pid = 0;
  }
  const layout = o.herringbone ? layoutHerring : layoutRegular;

  return function sample(u, v, fp, out) {
    layout(u, v);
    const s = (pid * 2654435761 + seed) | 0;
    // grout (wood-look tile)
    if (gap > 0) {
      const e = Math.min(lv, W - lv, lu, plen - lu);
      if (e < gap / 2) {
        const g = 0.9 + 0.1 * vn(u * 6, v * 6, 5);
        out[0] = o.groutRgb[0] * g;
        out[1] = o.groutRgb[1] * g;
        out[2] = o.groutRgb[2] * g;
        return;
      }
    }
    const h1 = hash(s, 1, 9);
    const h2 = hash(s, 2, 9);
    const tone = 1 + (h1 - 0.5) * 2 * o.toneVar;
    const warm = (h2 - 0.5) * o.toneVar * 0.5;
    // coordinates inside a "log"; each plank samples a different part of it
    const x = lu + hash(s, 3, 9) * 400;
    const y = lv + hash(s, 4, 9) * 400;
    const warp = (fbm(x * 0.02, y * 0.15, seed + 11, 3, 0.02, fp) - 0.5) * 2.6;
    let d;
    if (hash(s, 5, 9) < o.cathedral) {
      // flat-sawn "cathedral": nested arches pointing along -u, straight grain behind them
      const cx = (0.2 + 0.9 * hash(s, 6, 9)) * plen;
      const cy = W * (0.25 + 0.5 * hash(s, 7, 9));
      const dx = Math.min(Math.max(0, cx - lu), 40);
      const dy = lv - cy;
      d = Math.sqrt(dy * dy + 0.15) + 0.0035 * dx * dx + warp * 0.5;
    } else {
      d = lv + warp;
    }
    // knots
    let knot = 0;
    if (o.knots && hash(s, 9, 9) < o.knots) {
      const kx = (0.1 + 0.8 * hash(s, 10, 9)) * plen;
      const ky = W * (0.2 + 0.6 * hash(s, 11, 9));
      const kr = 0.22 + 0.3 * hash(s, 12, 9);
      const dist = Math.sqrt(((lu - kx) / 1.7) ** 2 + (lv - ky) ** 2) / kr;
      d += (lv > ky ? 1 : -1) * 1.6 * Math.exp(-dist * 0.45);
      knot =
        smooth(1.3, 0.7, dist) * (0.55 + 0.25 * Math.sin(dist * 9)) + 0.18 * Math.exp(-dist / 2.5);
    }
    // growth rings: uneven spacing, each ring with its own strength, fading along the board
    const phase =
      d * o.rings + 1.6 * fbm(d * 0.45 + 7, x * 0.008, seed + 13, 2) + hash(s, 8, 9) * 10;
    const ringIdx = Math.floor(phase);
    const ring = phase - ringIdx;
    const ra = att(o.rings * 3, fp);
    const rStrength =
      (0.35 + 0.65 * hash(ringIdx, s, 17)) * (0.45 + 0.9 * fbm(x * 0.03, y * 0.2, seed + 15, 2));
    let late = smooth(0.45, 0.9, ring) * (1 - smooth(0.93, 1.0, ring)) * rStrength;
    late = ra * late + (1 - ra) * 0.2;
    // long colour streaks / figure
    const fig = fbm(x * 0.012, y * 0.45, seed + 21, 3, 0.012, fp);
    const streak = fbm(x * 0.008, y * 0.22, seed + 31, 3, 0.008, fp);
    // fine fibre and pores along the grain
    const pa = att(3.5, fp);
    const pore =
      pa * (vn(x * 0.12, y * 3.5, seed + 41) - 0.5) +
      0.6 * att(8, fp) * (vn(x * 0.3, y * 8, seed + 42) - 0.5);
    const fa = o.brushed ? att(9, fp) : 0;
    const fibre = fa * (vn(x * 0.45, y * 9, seed + 43) - 0.5);

    let k = tone;
    k *= 1 - o.contrast * grainDark * late;
    k *= 1 + o.contrast * 0.22 * (fig - 0.5);
    k *= 1 + o.contrast * 0.22 * pore;
    if (o.pores) {
      // open-grain species (oak, hickory, walnut): short dark pore dashes
      const pd = att(10, fp);
      if (pd > 0) k *= 1 - o.pores * pd * smooth(0.68, 0.85, vn(x * 1.4, y * 10, seed + 45));
    }
    k *= 1 - 0.16 * fibre * o.contrast;
    if (o.character) k *= 1 + o.character * (smooth(0.3, 0.7, streak) - 0.5) * 0.7;
    if (o.scraped) k *= 1 + 0.16 * (vn(lu * 0.2 + s, lv * 0.8, seed + 51) - 0.5);
    k *= 1 - 0.62 * knot;
    let r = base[0] * k * (1 + warm);
    let g = base[1] * k;
    let b = base[2] * k * (1 - warm);
    if (o.wash) {
      const w = o.wash * (0.55 + 0.45 * (1 - late));
      r = mix(r, o.washRgb[0], w);
      g = mix(g, o.washRgb[1], w);
      b = mix(b, o.washRgb[2], w);
    }
    // bevel / edge
    const eL = Math.min(lv, W - lv);
    const eE = Math.min(lu, plen - lu);
    const e = Math.min(eL, eE);
    const effW = Math.max(bw, fp * 0.8);
    const strength = (1 - bdark) * Math.min(1, bw / (fp * 0.8)) * (lum < 0.25 ? 0.5 : 1);
    let edge = 1 - strength * (1 - smooth(0, effW, e));
    if (o.scraped) edge *= 1 - 0.12 * (1 - smooth(0, 0.45, eL));
    r *= edge;
    g *= edge;
    b *= edge;
    out[0] = r;
    out[1] = g;
    out[2] = b;
  };
}

/** Stone / ceramic surfaces, evaluated in tile-local coordinates (inches). */
function stoneSurface(kind, base, seed) {
  // distance (inches) to the 0.5 iso-line of an anisotropic fractal field: veins of even width
  const veinDist = (x, y, s, sc, ang, fp) => {
    const ca = Math.cos(ang);
    const sa = Math.sin(ang);
    const F = (px, py) =>
      fbm((px * ca + py * sa) * sc * 0.35, (py * ca - px * sa) * sc, s, 5, sc, fp);
    const e = 0.05;
    const w = F(x, y);
    const gx = (F(x + e, y) - w) / e;
    const gy = (F(x, y + e) - w) / e;
    return Math.abs(w - 0.5) / Math.max(Math.hypot(gx, gy), 1e-4);
  };
  const line = (dist, wid, fp) => {
    const w = Math.max(wid, fp * 0.7);
    return (1 - smooth(0.45 * w, w, dist)) * Math.min(1, wid / w);
  };
  switch (kind) {
    case "marble":
    case "calacatta":
    case "statuario":
    case "nero": {
      const cfg = {
        marble: { vc: [150, 150, 155], main: [0.16, 0.42], thin: [0.05, 0.3], halo: [1.6, 0.16], sc: 0.05 },
        calacatta: {
          vc: [118, 112, 104],
          main: [0.42, 0.8],
          thin: [0.08, 0.42],
          halo: [2.6, 0.32],
          sc: 0.03,
          gold: [198, 170, 118],
        },
        statuario: { vc: [112, 112, 116], main: [0.32, 0.72], thin: [0.07, 0.4], halo: [1.8, 0.22], sc: 0.028 },
        nero: { vc: [228, 228, 224], main: [0.1, 0.85], thin: [0.04, 0.5], halo: [0.5, 0.1], sc: 0.05 },
      }[kind];
      const ang = ((seed % 360) / 360) * 0.9 + 0.35;
      return (x, y, fp, s, out) => {
        const flow = fbm(x * 0.02, y * 0.02, s + 1, 3, 0.02, fp);
        const cloud = fbm(x * 0.07, y * 0.07, s + 2, 4, 0.07, fp);
        const wv = 0.45 + fbm(x * 0.05, y * 0.05, s + 5, 2);
        const xw = x + flow * 30;
        const yw = y + flow * 18;
        const d1 = veinDist(xw, yw, s + 3, cfg.sc, ang, fp);
        const d2 = veinDist(xw + 50, yw + 20, s + 4, cfg.sc * 2.2, ang + 0.5, fp);
        const v1 = line(d1, cfg.main[0] * wv, fp) * cfg.main[1];
        const v2 =
          line(d2, cfg.thin[0], fp) *
          cfg.thin[1] *
          smooth(0.3, 0.6, fbm(x * 0.04, y * 0.04, s + 6, 2));
        const halo = (1 - smooth(0, cfg.halo[0] * wv, d1)) * cfg.halo[1];
        const cl = 0.95 + 0.1 * cloud;
        let r = base[0] * cl;
        let g = base[1] * cl;
        let b = base[2] * cl;
        const hc = cfg.gold || cfg.vc;
        r = mix(r, hc[0], halo);
        g = mix(g, hc[1], halo);
        b = mix(b, hc[2], halo);
        const t = clamp(v1 + v2 * (1 - v1), 0, 1);
        out[0] = mix(r, cfg.vc[0], t);
        out[1] = mix(g, cfg.vc[1], t);
        out[2] = mix(b, cfg.vc[2], t);
      };
    }
    case "concrete":
      return (x, y, fp, s, out) => {
        const c1 = fbm(x * 0.05, y * 0.05, s + 1, 4, 0.05, fp);
        const c2 = fbm(x * 0.5, y * 0.5, s + 2, 2, 0.5, fp);
        let k = 0.9 + 0.2 * c1 + 0.06 * (c2 - 0.5);
        const pa = att(12, fp);
        if (pa > 0 && hash(Math.floor(x * 12), Math.floor(y * 12), s + 3) > 0.992)
          k *= 1 - 0.3 * pa;
        k *= 1 + 0.05 * att(6, fp) * (vn(x * 6, y * 6, s + 4) - 0.5);
        out[0] = base[0] * k;
        out[1] = base[1] * k;
        out[2] = base[2] * (k * 0.99);
      };
    case "slate":
      return (x, y, fp, s, out) => {
        const hgt = (xx, yy) => fbm(xx * 0.12, yy * 0.3, s + 1, 5, 0.12, fp);
        const h0 = hgt(x, y);
        const dh = hgt(x + 0.12, y + 0.06) - h0;
        const tone = fbm(x * 0.03, y * 0.08, s + 2, 3, 0.03, fp);
        const layer = fbm(x * 0.02, y * 0.9, s + 3, 3, 0.02, fp);
        // cleft relief: finite difference of a finer field reads as light and shadow
        const cleft = fbm(x * 0.35, y * 1.1, s + 6, 4, 0.35, fp);
        const cl2 = fbm(x * 0.35 + 0.08, y * 1.1 + 0.04, s + 6, 4, 0.35, fp);
        let k = (0.86 + 0.26 * tone) * (1 + 3.2 * dh) * (0.94 + 0.12 * layer) * (1 + 2.2 * (cl2 - cleft));
        k *= 1 + 0.06 * att(5, fp) * (vn(x * 5, y * 5, s + 4) - 0.5);
        const rust = smooth(0.62, 0.78, fbm(x * 0.05, y * 0.05, s + 5, 3)) * 0.09;
        out[0] = base[0] * k * (1 + rust);
        out[1] = base[1] * k * (1 + rust * 0.4);
        out[2] = base[2] * k * (1 - rust * 0.3);
      };
    case "travertine":
      return (x, y, fp, s, out) => {
        const w = fbm(x * 0.04, y * 0.04, s + 1, 3, 0.04, fp);
        const band = fbm(x * 0.01 + w, y * 0.35 + w * 3, s + 2, 4, 0.01, fp);
        let k = 0.84 + 0.3 * band;
        const pa = att(3, fp);
        const pit = vn(x * 0.8, y * 3, s + 3) * vn(x * 0.3, y * 0.3, s + 4);
        k *= 1 - 0.13 * pa * smooth(0.6, 0.72, pit);
        k *= 1 + 0.04 * att(5, fp) * (vn(x * 5, y * 5, s + 5) - 0.5);
        out[0] = base[0] * k;
        out[1] = base[1] * (k * 0.99);
        out[2] = base[2] * (k * 0.96);
      };
    case "terracotta":
      return (x, y, fp, s, out) => {
        const m = fbm(x * 0.12, y * 0.12, s + 1, 4, 0.12, fp);
        const flash = smooth(0.55, 0.75, fbm(x * 0.05, y * 0.05, s + 2, 3, 0.05, fp));
        let k = (0.84 + 0.3 * m) * (1 - 0.22 * flash);
        k *= 1 + 0.07 * att(4, fp) * (vn(x * 4, y * 4, s + 3) - 0.5);
        out[0] = base[0] * k;
        out[1] = base[1] * k * (1 - 0.06 * flash);
        out[2] = base[2] * k * (1 - 0.1 * flash);
      };
    default:
      return (x, y, fp, s, out) => {
        const c = fbm(x * 0.08, y * 0.08, s + 1, 4, 0.08, fp);
        const k = 0.9 + 0.2 * c;
        out[0] = base[0] * k;
        out[1] = base[1] * k;
        out[2] = base[2] * k;
      };
  }
}

/** Tiles with grout. Long side along u. */
function makeTile(o) {
  const { tw, th, grout, seed } = o;
  const surf = stoneSurface(o.stone, o.rgb, seed);
  const bond = tw !== th ? (o.bond ?? 1 / 3) : 0;
  return function sample(u, v, fp, out) {
    const r = Math.floor(v / th);
    const lvv = v - r * th;
    const uu = u + ((((r * bond) % 1) + 1) % 1) * tw;
    const c = Math.floor(uu / tw);
    const luu = uu - c * tw;
    const e = Math.min(lvv, th - lvv, luu, tw - luu);
    const gw = Math.max(grout / 2, fp * 0.5);
    const gs = Math.min(1, grout / 2 / gw);
    const s = (Math.imul(r, 7919) + Math.imul(c, 104729) + seed) | 0;
    if (e < gw) {
      const g = 0.92 + 0.12 * vn(u * 5, v * 5, 7);
      const t = gs;
      surf(luu + hash(s, 1, 3) * 300, lvv + hash(s, 2, 3) * 300, fp, s, out);
      out[0] = mix(out[0], o.groutRgb[0] * g, t);
      out[1] = mix(out[1], o.groutRgb[1] * g, t);
      out[2] = mix(out[2], o.groutRgb[2] * g, t);
      return;
    }
    surf(luu + hash(s, 1, 3) * 300, lvv + hash(s, 2, 3) * 300, fp, s, out);
    let k = 1 + (hash(s, 3, 3) - 0.5) * 2 * o.tileVar;
    // edge: thin shadow line + pillowed (cushioned) edges on pressed ceramics
    const ee = e - grout / 2;
    k *= 1 - 0.18 * (1 - smooth(0, Math.max(0.05, fp), ee));
    if (o.pillow) k *= 1 - 0.14 * (1 - smooth(0, 0.5, ee));
    out[0] *= k;
    out[1] *= k;
    out[2] *= k;
  };
}

/** Carpet: broadloom textures and carpet tiles. */
function makeCarpet(o) {
  const base = o.rgb;
  const seed = o.seed;
  const weave = o.weave;
  const tile = o.tile; // inches, or 0 for broadloom
  const dark = [base[0] * 0.72, base[1] * 0.72, base[2] * 0.74];
  const light = [
    Math.min(255, base[0] * 1.18),
    Math.min(255, base[1] * 1.18),
    Math.min(255, base[2] * 1.16),
  ];
  return function sample(u, v, fp, out) {
    let x = u;
    let y = v;
    let seam = 1;
    let tvar = 1;
    if (tile) {
      const ti = Math.floor(u / tile);
      const tj = Math.floor(v / tile);
      const lx = u - ti * tile;
      const ly = v - tj * tile;
      const e = Math.min(lx, ly, tile - lx, tile - ly);
      seam = 1 - 0.2 * (1 - smooth(0, Math.max(0.04, fp), e)) * att(6, fp);
      tvar = 1 + (hash(ti, tj, seed) - 0.5) * 0.05;
      // quarter-turn installation: every other tile rotated 90 degrees
      if ((ti + tj) & 1) {
        x = ly;
        y = lx;
      } else {
        x = lx;
        y = ly;
      }
      x += (ti * 31) % 97;
      y += (tj * 17) % 89;
    }
    const shade = fbm(u * 0.05, v * 0.12, seed + 1, 3, 0.05, fp);
    let k = (0.95 + 0.1 * shade) * tvar * seam;
    let r = base[0];
    let g = base[1];
    let b = base[2];
    const f9 = att(9, fp);
    const f20 = att(20, fp);
    switch (weave) {
      case "plush": {
        k *= 1 + 0.1 * f9 * (vn(x * 9, y * 9, seed + 2) - 0.5);
        k *= 1 + 0.1 * f20 * (vn(x * 20, y * 20, seed + 3) - 0.5);
        k *= 1 + 0.05 * (fbm(u * 0.1, v * 0.03, seed + 4, 2) - 0.5);
        break;
      }
      case "saxony": {
        const tip = vn(x * 11, y * 11, seed + 2);
        k *= 1 + 0.22 * f9 * (tip - 0.5);
        k *= 1 + 0.12 * f20 * (vn(x * 20, y * 20, seed + 3) - 0.5);
        break;
      }
      case "frieze": {
        const a = f9;
        const wx = x * 4 + 2.2 * vn(x * 1.3, y * 1.3, seed + 5);
        const wy = y * 4 + 2.2 * vn(x * 1.3 + 9, y * 1.3, seed + 6);
        const curl = vn(wx * 2, wy * 2, seed + 7);
        k *= 1 + 0.38 * a * (curl - 0.5);
        const tweed = vn(x * 5, y * 5, seed + 8);
        const t = a * smooth(0.62, 0.8, tweed);
        r = mix(r, dark[0], t);
        g = mix(g, dark[1], t);
        b = mix(b, dark[2], t);
        const t2 = a * smooth(0.72, 0.9, vn(x * 3 + 40, y * 3, seed + 9)) * 0.7;
        r = mix(r, light[0], t2);
        g = mix(g, light[1], t2);
        b = mix(b, light[2], t2);
        break;
      }
      case "berber":
      case "cable":
      case "tile":
      case "tile-stripe":
      case "tile-grid": {
        const pitch = weave === "cable" ? 0.32 : weave === "berber" ? 0.16 : 0.13;
        const rowp = weave === "cable" ? 0.28 : 0.19;
        const a = att(1 / pitch, fp);
        const ry = Math.floor(y / rowp);
        const sx = x + (ry & 1 ? pitch / 2 : 0);
        const cx = Math.floor(sx / pitch);
        const fu = sx / pitch - cx;
        const fv = y / rowp - ry;
        const bump = Math.sin(Math.PI * fu) * Math.sin(Math.PI * fv);
        const hc = hash(cx, ry, seed + 11);
        const jit = weave === "berber" ? 0.04 : weave === "cable" ? 0.03 : 0.1;
        const bumpAmp = weave === "berber" ? 0.22 : weave === "cable" ? 0.2 : 0.3;
        k *= 1 + a * (bumpAmp * (bump - 0.6) + jit * (hc - 0.5));
        if (weave === "cable") {
          const twist = Math.sin((fu + fv) * Math.PI * 2);
          k *= 1 + a * 0.06 * twist;
          if (ry % 4 === 0) k *= 1 - 0.08 * a;
        }
        if (weave === "berber") {
          // flecks are dyed yarn segments: runs of loops along a row
          const fl = vn(cx * 0.6, ry * 7.3, seed + 12);
          const fl2 = vn(cx * 0.55 + 31, ry * 6.1, seed + 14);
          const shape = Math.sqrt(Math.max(0, bump));
          const tD = a * smooth(0.74, 0.8, fl) * 0.75 * shape;
          const tL = a * smooth(0.76, 0.82, fl2) * 0.55 * shape;
          r = mix(mix(r, dark[0] * 0.85, tD), light[0], tL);
          g = mix(mix(g, dark[1] * 0.85, tD), light[1], tL);
          b = mix(mix(b, dark[2] * 0.85, tD), light[2], tL);
        }
        if (weave === "tile-stripe") {
          const sv = fbm(x * 0.02, y * 0.9, seed + 13, 3, 0.02, fp);
          const t = smooth(0.56, 0.62, sv) * 0.8;
          const t2 = smooth(0.36, 0.3, sv) * 0.55;
          r = mix(mix(r, dark[0] * 0.9, t), light[0], t2);
          g = mix(mix(g, dark[1] * 0.9, t), light[1], t2);
          b = mix(mix(b, dark[2] * 0.9, t), light[2], t2);
        }
        if (weave === "tile-grid") {
          const gp = 19.7 / 6;
          const gx = Math.abs((((x % gp) + gp) % gp) - gp / 2);
          const gy = Math.abs((((y % gp) + gp) % gp) - gp / 2);
          const line = Math.max(
            smooth(gp / 2 - 0.3, gp / 2 - 0.15, gx),
            smooth(gp / 2 - 0.3, gp / 2 - 0.15, gy),
          );
          const t = line * 0.7 * att(1.5, fp) + (1 - att(1.5, fp)) * 0.15;
          r = mix(r, light[0], t);
          g = mix(g, light[1], t);
          b = mix(b, light[2], t);
        }
        if (weave === "tile" || weave === "tile-grid") {
          // heathered, tonal loop pile
          const ht = fbm(x * 1.6, y * 0.5, seed + 16, 2, 1.6, fp);
          k *= 1 + 0.16 * (ht - 0.5);
        }
        if (weave !== "berber" && weave !== "cable")
          k *= 1 + 0.08 * f20 * (vn(x * 20, y * 20, seed + 3) - 0.5);
        break;
      }
      default:
        k *= 1 + 0.12 * f9 * (vn(x * 9, y * 9, seed + 2) - 0.5);
    }
    out[0] = r * k;
    out[1] = g * k;
    out[2] = b * k;
  };
}

// ---------------------------------------------------------------------------------------------
// product -> look
// ---------------------------------------------------------------------------------------------
function parseSize(size) {
  const s = size || "";
  let m = s.match(/([\d.]+)\s*in\s*x\s*RL\s*([\d.]+)\s*-\s*([\d.]+)\s*in/i);
  if (m) return { w: +m[1], lmin: +m[2], lmax: +m[3] };
  m = s.match(/([\d.]+)\s*in\s*x\s*([\d.]+)\s*in/i);
  if (m)
    return {
      w: Math.min(+m[1], +m[2]),
      lmin: Math.max(+m[1], +m[2]),
      lmax: Math.max(+m[1], +m[2]),
    };
  return null;
}

function lookFor(p) {
  const txt =
    `${p.name} ${p.style_color ?? ""} ${p.color ?? ""} ${p.construction ?? ""} ${JSON.stringify(p.specifications ?? {})}`.toLowerCase();
  const rgb = hexToRgb(p.color_code);
  const seed = strSeed(p.sku);
  const dims = parseSize(p.size);
  const has = (...w) => w.some((x) => txt.includes(x));
  const woodOpts = (kind) => {
    const d = dims || { w: 6, lmin: 36, lmax: 48 };
    const hardwood = kind === "hardwood";
    const vinyl = kind === "vinyl";
    const o = {
      width: d.w,
      lmin: d.lmin,
      lmax: d.lmax,
      seed,
      rgb: rgb.map((c) => Math.min(255, c * 1.07)),
      contrast: hardwood ? 1 : vinyl ? 0.62 : 0.78,
      toneVar: hardwood ? 0.11 : vinyl ? 0.06 : 0.07,
      rings: has("maple", "blonde") ? 0.9 : has("rift") ? 2.2 : has("hickory", "pine") ? 1.1 : 1.4,
      cathedral: has("rift", "quartered") ? 0 : has("maple") ? 0.25 : 0.55,
      character: has("hickory", "character", "rustic", "knotty")
        ? 0.55
        : has("walnut")
          ? 0.3
          : 0.12,
      knots: has("knotty", "knot")
        ? 0.8
        : has("rustic", "distressed", "barnwood", "character", "hickory")
          ? 0.3
          : 0,
      scraped: has("hand-scraped", "distressed", "scraped"),
      brushed: has("wire-brushed", "brushed"),
      bevel: has("square edge")
        ? "square"
        : has("eased")
          ? "eased"
          : has("painted")
            ? "painted"
            : "micro",
      pores: vinyl ? 0.06 : has("oak", "hickory", "walnut", "ash", "chestnut") ? 0.14 : 0.05,
      wash: 0,
      washRgb: [240, 236, 228],
    };
    if (has("whitewash")) o.wash = 0.3;
    if (has("gray wash", "fog")) {
      o.wash = 0.14;
      o.washRgb = [196, 194, 188];
    }
    if (has("maple")) o.contrast *= 0.7;
    if (has("herringbone")) o.herringbone = true;
    if (vinyl) o.knots *= 0.7;
    return o;
  };
  let sampler;
  let view; // inches across the 1000 px swatch
  let refl = 0.06; // floor reflectivity in the room render
  let orient = "plank";
  if (p.type === "carpet") {
    const tileIn = dims && /x/.test(p.size) ? dims.w : 0;
    let weave = "plush";
    if (has("frieze")) weave = "frieze";
    else if (has("berber", "level loop")) weave = "berber";
    else if (has("cable", "cut & loop")) weave = "cable";
    else if (has("saxony")) weave = "saxony";
    if (tileIn) weave = has("stripe") ? "tile-stripe" : has("grid") ? "tile-grid" : "tile";
    sampler = makeCarpet({ rgb, seed, weave, tile: tileIn });
    view = tileIn ? tileIn * 2.4 : weave === "cable" ? 20 : weave === "berber" ? 24 : 28;
    refl = 0;
    orient = "tile";
  } else if (p.type === "tile" || (p.type === "vinyl" && dims && dims.w >= 12)) {
    const woodLook = has("wood-look");
    const polished = has("polished");
    refl = polished ? 0.32 : has("honed") ? 0.14 : 0.06;
    if (woodLook) {
      const o = woodOpts("laminate");
      o.grout = 0.125;
      o.groutRgb = [120, 110, 98];
      o.contrast = 0.85;
      o.bevel = "eased";
      sampler = makeWood(o);
      view = 64;
    } else {
      const d = dims || { w: 12, lmin: 12, lmax: 12 };
      let stone = "default";
      if (has("calacatta")) stone = "calacatta";
      else if (has("statuario")) stone = "statuario";
      else if (has("nero", "marquina")) stone = "nero";
      else if (has("carrara", "marble")) stone = "marble";
      else if (has("slate")) stone = "slate";
      else if (has("concrete", "cement")) stone = "concrete";
      else if (has("travertine")) stone = "travertine";
      else if (has("saltillo", "terracotta")) stone = "terracotta";
      const lum = (0.3 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2]) / 255;
      const rectified = !has('"edges":"cushioned');
      const isVinyl = p.type === "vinyl";
      let groutRgb = lum > 0.6 ? [186, 182, 174] : lum > 0.35 ? [120, 118, 114] : [58, 58, 60];
      if (stone === "terracotta") groutRgb = [170, 156, 134];
      if (stone === "nero") groutRgb = [44, 44, 46];
      if (isVinyl) groutRgb = rgb.map((c) => c * 0.55);
      sampler = makeTile({
        tw: d.lmax,
        th: d.w,
        grout: isVinyl ? 0.09 : rectified ? 0.125 : 0.25,
        groutRgb,
        seed,
        stone,
        rgb: rgb.map((c) => Math.min(255, c * 1.02)),
        tileVar: stone === "terracotta" ? 0.1 : stone === "slate" ? 0.07 : 0.025,
        pillow: !rectified,
        bond: d.lmax >= 2 * d.w ? 1 / 3 : 1 / 2,
      });
      view = clamp(Math.max(2 * d.lmax, 3 * d.w), 30, 150);
      if (isVinyl) refl = 0.07;
    }
    orient = woodLook ? "plank" : "tile";
  } else {
    const o = woodOpts(p.type);
    sampler = makeWood(o);
    view = o.herringbone ? 42 : clamp(o.width * 7.5, 30, 72);
    refl =
      p.type === "vinyl" ? 0.09 : p.type === "laminate" ? 0.08 : has("semi-gloss") ? 0.1 : 0.06;
  }
  return { sampler, view, refl, orient, seed };
}

// ---------------------------------------------------------------------------------------------
// renderers
// ---------------------------------------------------------------------------------------------
function renderSwatch(look, W, H) {
  const buf = new Uint8Array(W * H * 3);
  const fp = look.view / W;
  const out = [0, 0, 0];
  const ou = 3.3 + (look.seed % 17);
  const ov = 1.7 + (look.seed % 13) * 0.5;
  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      const u = ou + (px + 0.5) * fp;
      const v = ov + (py + 0.5) * fp;
      look.sampler(u, v, fp, out);
      // soft studio light from the top left
      const nx = px / W - 0.35;
      const ny = py / H - 0.3;
      const light = 1.05 - 0.1 * (px / W) * 0.6 - 0.1 * (py / H) * 0.4 - 0.06 * (nx * nx + ny * ny);
      const i = (py * W + px) * 3;
      buf[i] = clamp(out[0] * light, 0, 255);
      buf[i + 1] = clamp(out[1] * light, 0, 255);
      buf[i + 2] = clamp(out[2] * light, 0, 255);
    }
  }
  return buf;
}

/** One-point-perspective room: back wall with a window, side walls, ceiling, the floor. */
function renderRoom(look, W, H) {
  const buf = new Uint8Array(W * H * 3);
  const f = 700;
  const cx = W / 2;
  const cy = 250;
  const camX = 8;
  const camY = 62;
  const Zb = 300;
  const Xl = -96;
  const Xr = 96;
  const Yc = 100;
  const win = { x0: -64, x1: -6, y0: 30, y1: 86 };
  const wall = [232, 227, 217];
  const trim = [246, 244, 239];
  const out = [0, 0, 0];
  const acc = [0, 0, 0];
  const SS = 2;
  const sky = (Y) => {
    const t = clamp((Y - win.y0) / (win.y1 - win.y0), 0, 1);
    return [mix(226, 196, t), mix(236, 219, t), mix(244, 240, t)];
  };
  const windowMask = (X, Y, soft) => {
    const a =
      smooth(win.x0 - soft, win.x0 + soft, X) * (1 - smooth(win.x1 - soft, win.x1 + soft, X));
    const b =
      smooth(win.y0 - soft, win.y0 + soft, Y) * (1 - smooth(win.y1 - soft, win.y1 + soft, Y));
    return a * b;
  };
  const paint = (X, Y, Z, surface, o) => {
    let base = wall;
    let light = 1;
    if (surface === "back") light = 0.97;
    else if (surface === "left") light = 0.9;
    else if (surface === "right") light = 0.84;
    else if (surface === "ceiling") light = 1.0;
    // ambient occlusion near the room's edges
    let dEdge;
    if (surface === "back") dEdge = Math.min(X - Xl, Xr - X, Y, Yc - Y);
    else if (surface === "ceiling") dEdge = Math.min(X - Xl, Xr - X, Zb - Z);
    else dEdge = Math.min(Y, Yc - Y, Zb - Z);
    light *= 1 - 0.16 * Math.exp(-dEdge / 7);
    if (surface !== "ceiling" && Y < 4.5) {
      base = trim;
      light *= Y > 4.1 ? 0.8 : 0.97 - 0.05 * (1 - Y / 4.5);
    } else if (surface !== "ceiling" && Y < 5.2) {
      light *= 0.9 + 0.1 * ((Y - 4.5) / 0.7);
    }
    if (surface === "back") {
      // window: frame, glass, mullions, sill
      const fr = 2.2;
      const inFrame = X > win.x0 - fr && X < win.x1 + fr && Y > win.y0 - fr && Y < win.y1 + fr;
      if (inFrame) {
        const inGlass = X > win.x0 && X < win.x1 && Y > win.y0 && Y < win.y1;
        const mx = (win.x0 + win.x1) / 2;
        const my = win.y0 + (win.y1 - win.y0) * 0.55;
        const mull = Math.abs(X - mx) < 0.8 || Math.abs(Y - my) < 0.8;
        if (inGlass && !mull) {
          const s = sky(Y);
          o[0] = s[0];
          o[1] = s[1];
          o[2] = s[2];
          return;
        }
        base = trim;
        light = 0.98;
      } else if (
        Y > win.y0 - fr - 1.4 &&
        Y < win.y0 - fr &&
        X > win.x0 - fr - 2 &&
        X < win.x1 + fr + 2
      ) {
        base = trim;
        light = 0.86;
      }
      // daylight glow around the window
      light *= 1 + 0.05 * Math.exp(-(((X - (win.x0 + win.x1) / 2) / 60) ** 2));
    }
    o[0] = base[0] * light;
    o[1] = base[1] * light;
    o[2] = base[2] * light;
  };

  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      acc[0] = acc[1] = acc[2] = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const dx = (px + (sx + 0.5) / SS - cx) / f;
          const dy = (cy - (py + (sy + 0.5) / SS)) / f;
          let t = Zb;
          let surface = "back";
          if (dy < 0) {
            const tf = -camY / dy;
            if (tf < t) {
              t = tf;
              surface = "floor";
            }
          } else if (dy > 0) {
            const tc = (Yc - camY) / dy;
            if (tc < t) {
              t = tc;
              surface = "ceiling";
            }
          }
          if (dx < 0) {
            const tl = (Xl - camX) / dx;
            if (tl < t) {
              t = tl;
              surface = "left";
            }
          } else if (dx > 0) {
            const tr = (Xr - camX) / dx;
            if (tr < t) {
              t = tr;
              surface = "right";
            }
          }
          const X = camX + dx * t;
          const Y = camY + dy * t;
          const Z = t;
          if (surface === "floor") {
            const dX = Z / f;
            const dZ = (Z * Z) / (f * camY);
            const fp = Math.sqrt(dX * dZ) / SS;
            if (look.orient === "plank") look.sampler(Z + 37.3, X + 211.7, fp, out);
            else look.sampler(X + 211.7, Z + 37.3, fp, out);
            // lighting: window light pool, falloff toward the camera, occlusion at the walls
            const wx = (win.x0 + win.x1) / 2;
            const pool = Math.exp(-(((X - wx) / 45) ** 2) - ((Z - 235) / 70) ** 2);
            let light = 0.86 + 0.16 * pool - 0.06 * (1 - Z / Zb);
            const dW = Math.min(X - Xl, Xr - X, Zb - Z);
            light *= 1 - 0.22 * Math.exp(-dW / 5);
            let r = out[0] * light;
            let g = out[1] * light;
            let b = out[2] * light;
            if (look.refl > 0) {
              // mirror image of the window on glossy floors
              const t2 = Zb - Z;
              const Xw = X + dx * t2;
              const Yw = -dy * t2;
              const soft = 2 + t2 * 0.08 * (1 - look.refl);
              const m = windowMask(Xw, Yw, soft);
              const fres = look.refl * (0.35 + 0.65 * clamp(Z / Zb, 0, 1));
              const s = sky(Yw);
              const a = m * fres;
              r = mix(r, s[0], a);
              g = mix(g, s[1], a);
              b = mix(b, s[2], a);
              const sheen = 0.25 * fres * (1 - m);
              r = mix(r, wall[0], sheen * 0.4);
              g = mix(g, wall[1], sheen * 0.4);
              b = mix(b, wall[2], sheen * 0.4);
            }
            acc[0] += r;
            acc[1] += g;
            acc[2] += b;
          } else {
            paint(X, Y, Z, surface, out);
            acc[0] += out[0];
            acc[1] += out[1];
            acc[2] += out[2];
          }
        }
      }
      const n = SS * SS;
      const i = (py * W + px) * 3;
      // gentle vignette
      const vx = px / W - 0.5;
      const vy = py / H - 0.5;
      const vig = 1 - 0.12 * (vx * vx + vy * vy);
      buf[i] = clamp((acc[0] / n) * vig, 0, 255);
      buf[i + 1] = clamp((acc[1] / n) * vig, 0, 255);
      buf[i + 2] = clamp((acc[2] / n) * vig, 0, 255);
    }
  }
  return buf;
}

// ---------------------------------------------------------------------------------------------
// encoding
// ---------------------------------------------------------------------------------------------
function loadSharp() {
  const req = createRequire(SELF);
  try {
    return req("sharp");
  } catch {
    const prefix = process.env.SHARP_PREFIX || "/tmp/pimg";
    try {
      return req(path.join(prefix, "node_modules", "sharp"));
    } catch (e) {
      console.error(
        `sharp not found. Install it outside the repo: npm install --prefix ${prefix} sharp@0.35.5`,
      );
      throw e;
    }
  }
}

/** encode raw RGB to WebP under `limit` bytes, lowering quality (then blurring) if needed */
async function encode(sharp, raw, W, H, limit, resize) {
  const mk = () => {
    let s = sharp(raw, { raw: { width: W, height: H, channels: 3 } });
    if (resize) s = s.resize(resize[0], resize[1], { kernel: "lanczos3" });
    return s;
  };
  for (const blur of [0, 0.6]) {
    for (let q = 72; q >= 40; q -= 6) {
      let s = mk();
      if (blur) s = s.blur(blur);
      const out = await s.webp({ quality: q, effort: 6, smartSubsample: true }).toBuffer();
      if (out.length <= limit) return out;
    }
  }
  // still too large: keep the smallest attempt and let the caller report it
  const out = await mk()
    .blur(0.8)
    .webp({ quality: 40, effort: 6, smartSubsample: true })
    .toBuffer();
  if (out.length > limit) out.overLimit = limit;
  return out;
}

async function renderJob(sharp, job) {
  const written = [];
  const look = lookFor(job.product);
  if (job.main) {
    const raw = renderSwatch(look, 1000, 1000);
    const main = await encode(sharp, raw, 1000, 1000, job.def ? LIMITS.def : LIMITS.main);
    fs.writeFileSync(job.main, main);
    written.push([job.main, main.length, main.overLimit]);
    if (job.thumb) {
      const th = await encode(sharp, raw, 1000, 1000, LIMITS.thumb, [400, 400]);
      fs.writeFileSync(job.thumb, th);
      written.push([job.thumb, th.length, th.overLimit]);
    }
  }
  if (job.room) {
    const raw = renderRoom(look, 1000, 750);
    const room = await encode(sharp, raw, 1000, 750, LIMITS.room);
    fs.writeFileSync(job.room, room);
    written.push([job.room, room.length, room.overLimit]);
  }
  return written;
}

// ---------------------------------------------------------------------------------------------
// main / workers
// ---------------------------------------------------------------------------------------------
const urlToFile = (url) => (url ? path.join(ROOT, "web/public", url.replace(/^\//, "")) : null);

function buildJobs(argv) {
  const only = argv.includes("--only")
    ? argv[argv.indexOf("--only") + 1].toUpperCase().split(",")
    : null;
  const jobs = [];
  for (const p of loadProducts()) {
    if (only && !only.includes(p.sku.toUpperCase())) continue;
    const main = urlToFile(p.main_image_url || p.image_url);
    const thumb = urlToFile(p.thumbnail_image_url);
    const room = urlToFile(p.secondary_image_url);
    if (!main && !thumb && !room) continue;
    jobs.push({ id: p.sku, product: p, main, thumb, room });
  }
  if (!argv.includes("--no-default") && !only) {
    jobs.push({
      id: "default",
      def: true,
      product: {
        sku: "DEFAULT-FLOORING",
        name: "Default flooring",
        type: "hardwood",
        construction: "Engineered",
        style_color: "Natural",
        color: "Oak",
        color_code: "#b58d5f",
        size: "5 in x RL 18-60 in",
        specifications: { Edge: "Micro-bevel" },
      },
      main: path.join(IMG_DIR, "default-flooring.webp"),
      thumb: path.join(IMG_DIR, "default-flooring-thumb.webp"),
      room: null,
    });
  }
  return jobs;
}

async function main() {
  const argv = process.argv.slice(2);
  const jobs = buildJobs(argv);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const nJobs = argv.includes("--jobs") ? +argv[argv.indexOf("--jobs") + 1] : os.cpus().length;
  const workers = Math.max(1, Math.min(nJobs, jobs.length));
  const t0 = Date.now();
  let next = 0;
  let total = 0;
  let count = 0;
  let overBudget = 0;
  const report = (written) => {
    for (const [file, size, over] of written) {
      total += size;
      count++;
      const warn = over ? `   <-- OVER ${over} byte budget` : "";
      if (over) overBudget++;
      console.log(`${String(size).padStart(7)}  ${path.relative(ROOT, file)}${warn}`);
    }
  };
  await Promise.all(
    Array.from(
      { length: workers },
      () =>
        new Promise((resolve, reject) => {
          const w = new Worker(SELF, { workerData: { worker: true } });
          const feed = () => {
            if (next >= jobs.length) {
              w.postMessage(null);
              return;
            }
            w.postMessage(jobs[next++]);
          };
          w.on("message", (msg) => {
            if (msg.error) {
              reject(new Error(msg.error));
              w.terminate();
              return;
            }
            report(msg.written);
            feed();
          });
          w.on("error", reject);
          w.on("exit", () => resolve());
          feed();
        }),
    ),
  );
  console.log(`${count} files, ${total} bytes, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (overBudget) {
    console.error(`${overBudget} file(s) over their size budget`);
    process.exitCode = 1;
  }
}

if (isMainThread) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else if (workerData?.worker) {
  const sharp = loadSharp();
  sharp.concurrency(1);
  parentPort.on("message", async (job) => {
    if (!job) {
      parentPort.close();
      process.exit(0);
    }
    try {
      parentPort.postMessage({ written: await renderJob(sharp, job) });
    } catch (e) {
      parentPort.postMessage({ error: `${job.id}: ${e.stack || e}` });
    }
  });
}
