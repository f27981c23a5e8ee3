// The bench's `images` part (docs/guarantees.md): every film of a stopped site's catalogue is given photographs of the
// sizes a distributor's originals come in, written into its database as staff's uploads are kept (decision 65: bounded
// at 2400 px, JPEG, by their SHA-256), so the pages are measured with uploaded artwork; and what the pages loaded
// before the artwork work, when each card and page loaded its picture's original at full size.
import { createHash } from "node:crypto";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import sharp from "sharp";

// TMDB's "original" sizes: a poster 2000 × 3000, a backdrop 3840 × 2160; a cast photo as a press photo.
const ORIGINAL_SIZES = { poster: [2000, 3000], backdrop: [3840, 2160], photo: [1000, 1500] };
// The size a film's record names for each kind (defaultSize in app/models/artwork.server.ts).
const PAGE_SIZES = { poster: "300x450", backdrop: "1280x720", photo: "185x278" };
const KEPT_SIDE = 2400;
const CAST_PHOTOS = 12;

/** A photograph-like JPEG: noise blurred to a photograph's grain, so it compresses as a photograph, not a drawing. */
function photograph([width, height], seed) {
  return sharp({
    create: { width, height, channels: 3, noise: { type: "gaussian", mean: 96 + ((seed * 29) % 64), sigma: 50 } },
  })
    .blur(2)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** What the site keeps of an upload (checkArtwork): bounded at 2400 px, JPEG at quality 90. */
async function kept(original) {
  const { data, info } = await sharp(original)
    .rotate()
    .resize(KEPT_SIDE, KEPT_SIDE, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#000000" })
    .jpeg({ quality: 90 })
    .toBuffer({ resolveWithObject: true });
  return { hash: createHash("sha256").update(data).digest("hex"), image: data, width: info.width, height: info.height };
}

/**
 * Gives every film its own poster and backdrop and the cast 12 photos, in the stopped site's database at `dataDir`.
 * Answers each picture's original size in bytes by its hash: what a page loaded of it before the artwork work.
 */
export async function writeUploadedArtwork(dataDir) {
  const db = new PGlite(path.join(dataDir, "db"));
  const originals = new Map();
  let seed = 0;
  const store = async (kind) => {
    const original = await photograph(ORIGINAL_SIZES[kind], seed++);
    const picture = await kept(original);
    await db.query(
      "insert into artwork (hash, image, width, height) values ($1, $2, $3, $4) on conflict (hash) do nothing",
      [picture.hash, picture.image, picture.width, picture.height],
    );
    originals.set(picture.hash, original.byteLength);
    return `/images/${picture.hash}/${PAGE_SIZES[kind]}.jpg`;
  };
  try {
    const photos = [];
    for (let index = 0; index < CAST_PHOTOS; index++) photos.push(await store("photo"));
    const { rows: films } = await db.query("select id, casts from movies order by id");
    for (const film of films) {
      const casts = film.casts.map((member, index) => ({ ...member, profile_path: photos[index % CAST_PHOTOS] }));
      await db.query("update movies set poster_path = $2, backdrop_path = $3, casts = $4 where id = $1", [
        film.id,
        await store("poster"),
        await store("backdrop"),
        JSON.stringify(casts),
      ]);
    }
    return { originals, films: films.length };
  } finally {
    await db.close();
  }
}

/**
 * The image bytes a page loads in Chromium at a screen's width, scrolled to its end so every lazy picture is asked
 * for: as transferred (after), and with each stored picture counted at its original's size instead (before).
 */
export async function pageImageBytes(browser, url, screen, originals) {
  const context = await browser.newContext({ ...screen, javaScriptEnabled: false });
  const page = await context.newPage();
  const images = [];
  page.on("requestfinished", (request) => request.resourceType() === "image" && images.push(request));
  await page.goto(url, { waitUntil: "load" });
  const height = await page.evaluate("document.documentElement.scrollHeight");
  for (let y = 0; y < height; y += screen.viewport.height / 2) {
    await page.evaluate(`window.scrollTo(0, ${y})`);
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState("networkidle");
  let after = 0;
  let before = 0;
  const counted = new Set();
  for (const request of images) {
    const { responseBodySize } = await request.sizes();
    after += responseBodySize;
    const hash = /\/images\/([0-9a-f]{64})\//.exec(request.url())?.[1];
    if (!hash || !originals.has(hash)) before += responseBodySize;
    else if (!counted.has(hash)) before += originals.get(hash);
    if (hash) counted.add(hash);
  }
  await context.close();
  return { after, before, requests: images.length };
}
