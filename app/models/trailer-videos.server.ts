import { sql } from "kysely";
import { createHash, randomBytes } from "node:crypto";
import { config } from "~/config.server";
import type { StreamedTrailerVideo, TrailerVideoType, UploadedTrailer } from "~/domain/film-draft";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";

// Trailer videos staff upload (decision 79): checked by their first bytes, streamed into the database a chunk at a
// time as they come (the server holds one chunk of an upload, never the file), kept by their SHA-256 when the film
// is saved, and read back a chunk at a time for the ranges a player asks for.

/** What an upload is written and read back in: a phone seeking reads one or two of these. */
export const TRAILER_CHUNK_BYTES = 1024 * 1024;
// Enough of a file's start to read its MP4 `ftyp` box or its WebM EBML header.
const HEADER_BYTES = 64;
// An upload's chunks that no video names after this long were cut off (the server stopped mid-upload).
const ABANDONED_AFTER = "1 day";

export type TrailerVideoProblem = "not-a-video" | "too-large";

// ISO base media brands of pictures (AVIF, HEIC), which share MP4's `ftyp` box, and of MP4 video browsers play.
const PICTURE_BRANDS = new Set(["avif", "avis", "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);
const VIDEO_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "dash",
  "M4V ",
  "mmp4",
  "MSNV",
]);
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const EBML_DOC_TYPE = [0x42, 0x82];

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");

/** An MP4 whose `ftyp` box names a video brand (not a picture's: AVIF and HEIC have that box too). */
function isMp4(header: Uint8Array) {
  if (header.byteLength < 16 || ascii(header, 4, 8) !== "ftyp") return false;
  const boxEnd = Math.min(header.byteLength, Buffer.from(header).readUInt32BE(0));
  const major = ascii(header, 8, 12);
  if (PICTURE_BRANDS.has(major)) return false;
  const brands = [major];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(header, at, at + 4));
  return brands.some((brand) => VIDEO_BRANDS.has(brand));
}

/** A WebM: an EBML header whose DocType is `webm` (Matroska shares the header; browsers do not play it all). */
function isWebm(header: Uint8Array) {
  if (!EBML_MAGIC.every((byte, index) => header[index] === byte)) return false;
  for (let at = 4; at + 3 < header.byteLength; at++) {
    if (header[at] !== EBML_DOC_TYPE[0] || header[at + 1] !== EBML_DOC_TYPE[1]) continue;
    const size = header[at + 2]! & 0x7f;
    return (header[at + 2]! & 0x80) !== 0 && ascii(header, at + 3, at + 3 + size) === "webm";
  }
  return false;
}

/** The video type a file's first bytes say it is, never its name or what the browser said; null for anything else. */
export function trailerVideoTypeOf(header: Uint8Array): TrailerVideoType | null {
  if (isMp4(header)) return "video/mp4";
  if (isWebm(header)) return "video/webm";
  return null;
}

async function writeChunk(uploadId: string, seq: number, bytes: Uint8Array) {
  await typed(await getDb())
    .insertInto("trailer_video_chunks")
    .values({ upload_id: uploadId, seq, bytes })
    .execute();
}

/** Removes an upload's chunks unless a video is kept from them: after a refused form, or a save that failed. */
export async function discardTrailerUpload(uploadId: string) {
  await typed(await getDb())
    .deleteFrom("trailer_video_chunks")
    .where("upload_id", "=", uploadId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("trailer_videos").select("hash").where("upload_id", "=", uploadId))),
    )
    .execute();
}

async function removeAbandonedUploads() {
  await typed(await getDb())
    .deleteFrom("trailer_video_chunks as c")
    .where("c.written_at", "<", sql<Date>`now() - ${ABANDONED_AFTER}::interval`)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("trailer_videos as v").select("v.hash").whereRef("v.upload_id", "=", "c.upload_id"))),
    )
    .execute();
}

export type TrailerUploadResult =
  { ok: true; video: StreamedTrailerVideo | null } | { ok: false; problem: TrailerVideoProblem };

/**
 * Streams an uploaded file into the database as it comes, a chunk at a time. A file that is no MP4 or WebM by its
 * first bytes, or that grows past `maxBytes`, is read to its end and dropped (a multipart body goes on after it),
 * and what was written of it is removed. An empty file is no video. The video is not kept until `keepTrailerVideo`.
 */
export async function streamTrailerUpload(
  data: AsyncIterable<Uint8Array>,
  maxBytes = config.maxTrailerBytes,
): Promise<TrailerUploadResult> {
  await removeAbandonedUploads();
  const uploadId = randomBytes(16).toString("hex");
  const hash = createHash("sha256");
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let byteLength = 0;
  let contentType: TrailerVideoType | null = null;
  let problem: TrailerVideoProblem | null = null;
  const refuse = (reason: TrailerVideoProblem) => {
    problem = reason;
    pending = [];
  };
  try {
    for await (const piece of data) {
      if (problem) continue;
      byteLength += piece.byteLength;
      if (byteLength > maxBytes) {
        refuse("too-large");
        continue;
      }
      hash.update(piece);
      pending.push(piece);
      pendingBytes += piece.byteLength;
      if (!contentType && pendingBytes >= HEADER_BYTES) {
        contentType = trailerVideoTypeOf(Buffer.concat(pending));
        if (!contentType) refuse("not-a-video");
      }
      while (contentType && !problem && pendingBytes >= TRAILER_CHUNK_BYTES) {
        const joined = Buffer.concat(pending);
        await writeChunk(uploadId, seq++, joined.subarray(0, TRAILER_CHUNK_BYTES));
        pending = [joined.subarray(TRAILER_CHUNK_BYTES)];
        pendingBytes -= TRAILER_CHUNK_BYTES;
      }
    }
    if (byteLength === 0) return { ok: true, video: null };
    if (!problem) {
      const rest = Buffer.concat(pending);
      contentType ??= trailerVideoTypeOf(rest);
      if (!contentType) refuse("not-a-video");
      else if (rest.byteLength > 0) await writeChunk(uploadId, seq, rest);
    }
  } catch (error) {
    await discardTrailerUpload(uploadId);
    throw error;
  }
  if (problem || !contentType) {
    await discardTrailerUpload(uploadId);
    return { ok: false, problem: problem ?? "not-a-video" };
  }
  return {
    ok: true,
    video: { uploadId, hash: hash.digest("hex"), contentType, byteLength, chunkBytes: TRAILER_CHUNK_BYTES },
  };
}

/**
 * Keeps a streamed video, in the transaction of the save that makes it a film's trailer: once per content, so a
 * file uploaded again (or by two staff at once: the hash's key decides) keeps the first copy and drops its own.
 */
export async function keepTrailerVideo(tx: Queryable, video: StreamedTrailerVideo): Promise<UploadedTrailer> {
  const kept = await typed(tx)
    .insertInto("trailer_videos")
    .values({
      hash: video.hash,
      upload_id: video.uploadId,
      content_type: video.contentType,
      byte_length: video.byteLength,
      chunk_bytes: video.chunkBytes,
    })
    .onConflict((conflict) => conflict.column("hash").doNothing())
    .returning("hash")
    .executeTakeFirst();
  if (!kept) await typed(tx).deleteFrom("trailer_video_chunks").where("upload_id", "=", video.uploadId).execute();
  return { kind: "video", hash: video.hash, contentType: video.contentType };
}

export type StoredTrailerVideo = {
  uploadId: string;
  contentType: TrailerVideoType;
  byteLength: number;
  chunkBytes: number;
};

/** A kept video by its hash, or null. */
export async function findTrailerVideo(hash: string): Promise<StoredTrailerVideo | null> {
  const row = await typed(await getDb())
    .selectFrom("trailer_videos")
    .select([
      "upload_id as uploadId",
      sql<TrailerVideoType>`content_type`.as("contentType"),
      "byte_length as byteLength",
      "chunk_bytes as chunkBytes",
    ])
    .where("hash", "=", hash)
    .executeTakeFirst();
  return row ?? null;
}

/** The bytes from `start` to `end` (inclusive) of a kept video, a chunk at a time as the reader asks. */
export async function* trailerVideoBytes(video: StoredTrailerVideo, start: number, end: number) {
  const db = typed(await getDb());
  for (let seq = Math.floor(start / video.chunkBytes); seq * video.chunkBytes <= end; seq++) {
    const row = await db
      .selectFrom("trailer_video_chunks")
      .select("bytes")
      .where("upload_id", "=", video.uploadId)
      .where("seq", "=", seq)
      .executeTakeFirstOrThrow();
    const first = seq * video.chunkBytes;
    yield Buffer.from(row.bytes).subarray(Math.max(0, start - first), end - first + 1);
  }
}
