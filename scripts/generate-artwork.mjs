#!/usr/bin/env node
// Generates offline SVG artwork (posters, backdrops, cast portraits) for the
// sample catalogue in app/models/sample-films.json and data/trailers.json.
//
// Usage: node scripts/generate-artwork.mjs
//
// No npm dependencies. Output is deterministic: colours and shapes are derived
// from a hash of each movie id / person name, so re-running produces identical
// files. Stale *.svg files in the output folders are removed first.

import { readFileSync, writeFileSync, mkdirSync, readdirSync, unlinkSync } from "node:fs";
import { dirname, join, basename } from "node:path";
import { fileURLToPath } from "node:url";
import { stableHash } from "../app/utils/stable-hash.js";
import { seededRandom } from "./lib/seeded-random.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "public", "artwork");
const FONT = "system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif";

const movies = JSON.parse(readFileSync(join(ROOT, "app", "models", "sample-films.json"), "utf8"));
const trailers = JSON.parse(readFileSync(join(ROOT, "data", "trailers.json"), "utf8"));

// ---------------------------------------------------------------- helpers
const hash = (value) => stableHash(String(value));

const rng = (seed) => seededRandom(hash(seed));

const r1 = (n) => Math.round(n * 10) / 10;
const hsl = (h, s, l) => `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;

const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function palette(seed) {
  const rand = rng(`palette:${seed}`);
  const h = Math.floor(rand() * 360);
  const shift = 30 + Math.floor(rand() * 150);
  return {
    rand,
    h,
    top: hsl(h, 55 + rand() * 25, 18 + rand() * 12),
    bottom: hsl(h + shift, 60 + rand() * 25, 8 + rand() * 10),
    accent: hsl(h + shift / 2 + 180, 70 + rand() * 20, 55 + rand() * 15),
    soft: hsl(h + 20, 60, 70),
  };
}

/** Greedy word wrap; returns lines or null if a word does not fit. */
function wrap(text, maxChars) {
  const words = String(text).split(/\s+/).filter(Boolean);
  const lines = [];
  let cur = "";
  for (const w of words) {
    if (w.length > maxChars) return null;
    if (!cur) cur = w;
    else if (cur.length + 1 + w.length <= maxChars) cur += ` ${w}`;
    else {
      lines.push(cur);
      cur = w;
    }
  }
  if (cur) lines.push(cur);
  return lines;
}

/** Pick the largest font size so that the text fits within width on <= maxLines lines. */
function fitText(text, width, sizes, maxLines, charRatio = 0.58) {
  for (const size of sizes) {
    const maxChars = Math.floor(width / (size * charRatio));
    const lines = wrap(text, maxChars);
    if (lines && lines.length <= maxLines) return { size, lines };
  }
  const size = sizes[sizes.length - 1];
  return { size, lines: wrap(text, 999) };
}

function textBlock(lines, x, y, size, attrs, lineHeight = 1.08) {
  return lines.map((l, i) => `<text x="${x}" y="${r1(y + i * size * lineHeight)}" ${attrs}>${esc(l)}</text>`).join("");
}

function cleanDir(dir) {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f.endsWith(".svg")) unlinkSync(join(dir, f));
}

// ---------------------------------------------------------------- posters
function poster(movie) {
  const p = palette(movie.id);
  const { rand } = p;
  const year = String(movie.release_date || "").slice(0, 4);
  const genre = (movie.genres || [])
    .slice(0, 2)
    .map((g) => g.name)
    .join(" · ");
  const shapes = [];

  // big glowing disc
  const cx = r1(60 + rand() * 180);
  const cy = r1(100 + rand() * 90);
  const rr = r1(50 + rand() * 50);
  shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r1(rr * 1.6)}" fill="url(#g)" opacity=".5"/>`);
  shapes.push(`<circle cx="${cx}" cy="${cy}" r="${rr}" fill="${p.accent}" opacity=".85"/>`);

  // a few geometric accents, style chosen from the id
  const style = hash(movie.id) % 3;
  if (style === 0) {
    for (let i = 0; i < 4; i++) {
      const y = r1(150 + i * 26 + rand() * 10);
      shapes.push(
        `<rect x="0" y="${y}" width="300" height="${r1(4 + rand() * 8)}" fill="${p.soft}" opacity="${r1(0.1 + rand() * 0.2)}"/>`,
      );
    }
  } else if (style === 1) {
    for (let i = 0; i < 3; i++) {
      const s = r1(30 + rand() * 60);
      const x = r1(rand() * 260);
      const y = r1(40 + rand() * 200);
      shapes.push(
        `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="none" stroke="${p.soft}" stroke-width="2" opacity=".35" transform="rotate(${Math.round(rand() * 90)} ${r1(x + s / 2)} ${r1(y + s / 2)})"/>`,
      );
    }
  } else {
    for (let i = 0; i < 3; i++) {
      shapes.push(
        `<circle cx="${r1(rand() * 300)}" cy="${r1(30 + rand() * 220)}" r="${r1(20 + rand() * 70)}" fill="none" stroke="${p.soft}" stroke-width="1.5" opacity=".3"/>`,
      );
    }
  }

  // silhouette ridge
  let ridge = "M0 300";
  for (let x = 0; x <= 300; x += 50) ridge += ` L${x} ${r1(240 + rand() * 60)}`;
  ridge += " L300 450 L0 450Z";
  shapes.push(`<path d="${ridge}" fill="${p.bottom}" opacity=".9"/>`);

  const t = fitText(movie.title.toUpperCase(), 260, [40, 36, 32, 28, 24, 20], 3, 0.68);
  const tagline = fitText(movie.tagline || "", 260, [12, 11, 10], 2, 0.52);
  const blockH = t.lines.length * t.size * 1.08;
  const titleY = r1(405 - blockH - (tagline.lines.length - 1) * 13);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450" viewBox="0 0 300 450" role="img">
<title>${esc(movie.title)}</title>
<defs><linearGradient id="bg" x1="0" y1="0" x2=".3" y2="1"><stop offset="0" stop-color="${p.top}"/><stop offset="1" stop-color="${p.bottom}"/></linearGradient>
<radialGradient id="g"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>
<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity=".45"/><stop offset=".15" stop-color="#000" stop-opacity="0"/><stop offset=".45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".75"/></linearGradient></defs>
<rect width="300" height="450" fill="url(#bg)"/>
${shapes.join("\n")}
<rect width="300" height="450" fill="url(#fade)"/>
<g font-family="${FONT}" fill="#fff">
<text x="20" y="34" font-size="11" letter-spacing="2" opacity=".8">${esc(genre.toUpperCase())}</text>
${textBlock(t.lines, 20, titleY + t.size * 0.8, t.size, `font-size="${t.size}" font-weight="800"`)}
${textBlock(tagline.lines, 20, 418 - (tagline.lines.length - 1) * 13, 12, `font-size="${tagline.size}" opacity=".85"`)}
<text x="280" y="438" font-size="10" text-anchor="end" opacity=".6">${esc(year)}</text>
</g>
</svg>
`;
}

// ---------------------------------------------------------------- backdrops
function backdrop(movie) {
  const p = palette(movie.id);
  const rand = rng(`backdrop:${movie.id}`);
  const shapes = [];

  // stars
  let stars = "";
  for (let i = 0; i < 14; i++) stars += `M${r1(rand() * 1280)} ${r1(rand() * 300)}h2v2h-2z`;
  shapes.push(`<path d="${stars}" fill="#fff" opacity=".55"/>`);

  // sun / moon
  const sx = r1(700 + rand() * 450);
  const sy = r1(160 + rand() * 150);
  const sr = r1(70 + rand() * 60);
  shapes.push(`<circle cx="${sx}" cy="${sy}" r="${r1(sr * 2.6)}" fill="url(#g)" opacity=".6"/>`);
  shapes.push(`<circle cx="${sx}" cy="${sy}" r="${sr}" fill="${p.accent}"/>`);

  // three layers of hills
  for (let layer = 0; layer < 3; layer++) {
    const base = 380 + layer * 90;
    let d = `M0 ${base}`;
    const step = 160;
    for (let x = 0; x <= 1280 + step; x += step) {
      const y = r1(base - 40 - rand() * (110 - layer * 25));
      d += ` Q${x - step / 2} ${y} ${x} ${r1(base - rand() * 30)}`;
    }
    d += " L1280 720 L0 720Z";
    const light = 22 - layer * 7;
    shapes.push(
      `<path d="${d}" fill="${hsl(p.h + 200 + layer * 15, 40, light)}" opacity="${r1(0.75 + layer * 0.12)}"/>`,
    );
  }

  const t = fitText(movie.title, 860, [84, 72, 64, 56], 2, 0.6);
  const titleY = 600 - (t.lines.length - 1) * t.size * 1.05;
  const meta = [String(movie.release_date || "").slice(0, 4), (movie.genres || []).map((g) => g.name).join(", ")]
    .filter(Boolean)
    .join("  •  ");

  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720" role="img">
<title>${esc(movie.title)}</title>
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.top}"/><stop offset=".6" stop-color="${hsl(p.h + 40, 50, 30)}"/><stop offset="1" stop-color="${p.bottom}"/></linearGradient>
<radialGradient id="g"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>
<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".7"/><stop offset=".6" stop-color="#000" stop-opacity="0"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#bg)"/>
${shapes.join("\n")}
<rect width="1280" height="720" fill="url(#fade)"/>
<g font-family="${FONT}" fill="#fff">
${textBlock(t.lines, 64, titleY, t.size, `font-size="${t.size}" font-weight="800"`, 1.05)}
<text x="66" y="648" font-size="24" opacity=".85">${esc(movie.tagline || "")}</text>
<text x="66" y="682" font-size="18" opacity=".6">${esc(meta)}</text>
</g>
</svg>
`;
}

// ---------------------------------------------------------------- cast
function initials(name) {
  const parts = name
    .replace(/^(dr|mr|mrs|ms)\.?\s+/i, "")
    .split(/[\s-]+/)
    .filter(Boolean);
  const first = parts[0] || "?";
  const last = parts.length > 1 ? parts[parts.length - 1] : "";
  return (first[0] + (last[0] || "")).toUpperCase();
}

function castSvg(name) {
  const rand = rng(`cast:${name}`);
  const h = Math.floor(rand() * 360);
  const bg1 = hsl(h, 45, 42);
  const bg2 = hsl(h + 40, 50, 22);
  const fig = hsl(h + 180, 20, 88);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="185" height="278" viewBox="0 0 185 278" role="img">
<title>${esc(name)}</title>
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>
<rect width="185" height="278" fill="url(#bg)"/>
<g fill="${fig}" opacity=".9"><circle cx="92.5" cy="104" r="40"/><path d="M22 278v-42c0-34 30-58 70.5-58S163 202 163 236v42z"/></g>
<text x="92.5" y="246" font-family="${FONT}" font-size="30" font-weight="700" fill="${bg2}" text-anchor="middle">${esc(initials(name))}</text>
</svg>
`;
}

// ---------------------------------------------------------------- main
const dirs = { posters: join(OUT, "posters"), backdrops: join(OUT, "backdrops"), cast: join(OUT, "cast") };
Object.values(dirs).forEach(cleanDir);

const backdropIds = new Set();
let counts = { posters: 0, backdrops: 0, cast: 0 };
for (const m of movies) {
  writeFileSync(join(dirs.posters, basename(m.poster_path || `${m.id}.svg`)), poster(m));
  counts.posters++;
  const bd = basename(m.backdrop_path || `${m.id}.svg`);
  writeFileSync(join(dirs.backdrops, bd), backdrop(m));
  backdropIds.add(bd);
  counts.backdrops++;
}

// trailer thumbnails point at backdrops; make sure every referenced one exists
const byId = new Map(movies.map((m) => [m.id, m]));
for (const t of trailers) {
  const file = basename(t.image || "");
  if (!file || backdropIds.has(file)) continue;
  const m = byId.get(t.movie_id) || { id: t.movie_id, title: t.title, tagline: t.description, genres: [] };
  writeFileSync(join(dirs.backdrops, file), backdrop(m));
  backdropIds.add(file);
  counts.backdrops++;
}

const people = new Map();
for (const m of movies) for (const c of m.casts || []) if (c.profile_path) people.set(basename(c.profile_path), c.name);
for (const [file, name] of people) {
  writeFileSync(join(dirs.cast, file), castSvg(name));
  counts.cast++;
}

console.log(
  `Generated ${counts.posters} posters, ${counts.backdrops} backdrops, ${counts.cast} cast portraits in ${OUT}`,
);
