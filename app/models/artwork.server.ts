import { createHash } from "node:crypto";
import sharp from "sharp";
import { ARTWORK_SIZES, artworkUrl, type ArtworkFormat, type ArtworkKind } from "~/domain/artwork";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";

// Film artwork (decision 65): each picture checked by its content, kept once in the database by its hash, and made
// into the sizes pages ask for when first asked.

export const MAX_ARTWORK_BYTES = 10 * 1024 * 1024;
/** About 40 megapixels: a picture larger than this when decoded is refused before it is decoded. */
export const MAX_ARTWORK_PIXELS = 40_000_000;
// What is kept of an upload: no page shows more than this on its longer side.
const KEPT_SIDE = 2400;

const ACCEPTED_FORMATS: Record<string, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", gif: "GIF", heif: "AVIF" };
const NAME_FORMATS: Record<string, string> = {
  jpg: "jpeg",
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "heif",
};

export type ArtworkProblem = "too-large" | "not-a-picture" | "svg" | "too-many-pixels" | "name-mismatch";
export type CheckedArtwork = { hash: string; image: Buffer; width: number; height: number };

/** A picture's format by its content, and the picture's size, or null when it is no picture sharp can read. */
async function readHeader(bytes: Uint8Array) {
  try {
    const { format, width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return format && width && height ? { format, width, height } : null;
  } catch {
    return null;
  }
}

/**
 * Checks a picture by its content: at most MAX_ARTWORK_BYTES, a JPEG, PNG, WebP, GIF or AVIF (never SVG, which can
 * carry script), at most MAX_ARTWORK_PIXELS. What is kept is decoded, turned upright and encoded again, without
 * its metadata (EXIF, the place it was taken).
 */
export async function checkArtwork(
  bytes: Uint8Array,
): Promise<{ ok: true; artwork: CheckedArtwork } | { ok: false; problem: ArtworkProblem }> {
  if (bytes.byteLength > MAX_ARTWORK_BYTES) return { ok: false, problem: "too-large" };
  const header = await readHeader(bytes);
  if (!header) return { ok: false, problem: "not-a-picture" };
  if (header.format === "svg") return { ok: false, problem: "svg" };
  if (!(header.format in ACCEPTED_FORMATS)) return { ok: false, problem: "not-a-picture" };
  if (header.width * header.height > MAX_ARTWORK_PIXELS) return { ok: false, problem: "too-many-pixels" };
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_ARTWORK_PIXELS })
      .rotate()
      .resize(KEPT_SIDE, KEPT_SIDE, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#000000" })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    const hash = createHash("sha256").update(data).digest("hex");
    return { ok: true, artwork: { hash, image: data, width: info.width, height: info.height } };
  } catch {
    // Past limitInputPixels, or a file whose header reads but whose picture does not.
    return { ok: false, problem: "not-a-picture" };
  }
}

/** Whether a file's name says another picture format than its content: a PNG named `.jpg`. */
export async function nameMismatchesContent(bytes: Uint8Array, fileName: string) {
  const named = NAME_FORMATS[fileName.toLowerCase().split(".").pop() ?? ""];
  const header = await readHeader(bytes);
  return named !== undefined && header !== null && header.format !== named;
}

/** The format a picture's content is in, in words ("PNG"), for a message; null when none is accepted. */
export async function contentFormatName(bytes: Uint8Array) {
  const header = await readHeader(bytes);
  return header ? (ACCEPTED_FORMATS[header.format] ?? header.format.toUpperCase()) : null;
}

/** Keeps a checked picture (once, however often it is saved) and answers its address at a kind's page size. */
export async function storeArtwork(tx: Queryable, artwork: CheckedArtwork, kind: ArtworkKind) {
  await typed(tx)
    .insertInto("artwork")
    .values({ hash: artwork.hash, image: artwork.image, width: artwork.width, height: artwork.height })
    .onConflict((conflict) => conflict.column("hash").doNothing())
    .execute();
  return artworkUrl(artwork.hash, defaultSize(kind));
}

/** The size a kind's `<img>` names (and a film's record keeps): the one a card or page shows at 1x. */
export function defaultSize(kind: ArtworkKind) {
  return kind === "backdrop"
    ? ARTWORK_SIZES.backdrop[1]
    : kind === "poster"
      ? ARTWORK_SIZES.poster[2]
      : ARTWORK_SIZES.photo[0];
}

// Sizes made are kept in memory up to this many bytes; past it the least recently asked for go first.
const MADE_CACHE_BYTES = 32 * 1024 * 1024;
const made = new Map<string, Buffer>();
const making = new Map<string, Promise<Buffer | null>>();
let madeBytes = 0;

async function makeVariant(hash: string, width: number, height: number, format: ArtworkFormat) {
  const db = await getDb();
  const row = await typed(db).selectFrom("artwork").select("image").where("hash", "=", hash).executeTakeFirst();
  if (!row) return null;
  const resized = sharp(row.image).resize(width, height, { fit: "cover", position: "attention" });
  return format === "webp"
    ? resized.webp({ quality: 78 }).toBuffer()
    : resized.jpeg({ quality: 82, progressive: true }).toBuffer();
}

function keep(key: string, bytes: Buffer) {
  made.set(key, bytes);
  madeBytes += bytes.byteLength;
  for (const [oldest, old] of made) {
    if (madeBytes <= MADE_CACHE_BYTES) break;
    made.delete(oldest);
    madeBytes -= old.byteLength;
  }
}

/** A stored picture at a served size and format, or null when no picture has that hash. */
export async function artworkVariant(hash: string, width: number, height: number, format: ArtworkFormat) {
  const key = `${hash}/${width}x${height}.${format}`;
  const kept = made.get(key);
  if (kept) {
    made.delete(key);
    made.set(key, kept);
    return kept;
  }
  let variant = making.get(key);
  if (!variant) {
    variant = makeVariant(hash, width, height, format);
    making.set(key, variant);
    variant
      .then((bytes) => bytes && keep(key, bytes))
      .catch(() => {})
      .finally(() => making.delete(key));
  }
  return variant;
}
