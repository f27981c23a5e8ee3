import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { StreamedTrailerVideo } from "~/domain/film-draft";
import { readFilmUpload } from "~/http/film-form.server";
import { getMovie } from "~/models/movies.server";
import { saveFilm } from "~/models/films.server";
import { loadSampleData } from "~/models/sample-data.server";
import { listTrailers } from "~/models/trailers.server";
import {
  discardTrailerUpload,
  findTrailerVideo,
  keepTrailerVideo,
  streamTrailerUpload,
  TRAILER_CHUNK_BYTES,
  trailerVideoBytes,
  trailerVideoTypeOf,
} from "~/models/trailer-videos.server";
import { getDb } from "~/services/db.server";

// A real WebM clip (the sample trailers'), and the start of a real MP4: its `ftyp` box, then a `free` box.
const WEBM = readFileSync("public/trailers/1002456.webm");
const MP4_HEADER = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from("ftypisom"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isomiso2avc1mp41"),
  Buffer.from([0, 0, 0, 0x28]),
  Buffer.from("free"),
  Buffer.alloc(0x20),
]);
const AVIF_HEADER = Buffer.concat([
  Buffer.from([0, 0, 0, 0x1c]),
  Buffer.from("ftypavif"),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from("avifmif1miaf"),
  Buffer.alloc(48),
]);
const MB = 1024 * 1024;

async function* pieces(bytes: Uint8Array, size = 64 * 1024) {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

async function chunkCount(uploadId: string) {
  const [row] = await (
    await getDb()
  ).query<{ count: number }>("select count(*)::int as count from trailer_video_chunks where upload_id = $1", [
    uploadId,
  ]);
  return row!.count;
}

async function allChunkCount() {
  const [row] = await (
    await getDb()
  ).query<{ count: number }>("select count(*)::int as count from trailer_video_chunks");
  return row!.count;
}

function videoForm(file: File) {
  const form = new FormData();
  form.append("title", "Harbour Lights");
  form.append("trailerFile", file);
  return new Request("http://localhost/admin/movies/new", { method: "POST", body: form });
}

async function collected(generator: AsyncIterable<Uint8Array>) {
  const parts: Uint8Array[] = [];
  for await (const part of generator) parts.push(part);
  return Buffer.concat(parts);
}

describe("trailerVideoTypeOf", () => {
  it("knows an MP4 by its ftyp box and a WebM by its EBML header, and nothing else", async () => {
    expect(trailerVideoTypeOf(MP4_HEADER)).toBe("video/mp4");
    expect(trailerVideoTypeOf(WEBM.subarray(0, 64))).toBe("video/webm");
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(trailerVideoTypeOf(png)).toBeNull();
    // An AVIF picture has an ftyp box too; a Matroska file an EBML header whose DocType is not webm.
    expect(trailerVideoTypeOf(AVIF_HEADER)).toBeNull();
    const matroska = Buffer.from(WEBM.subarray(0, 64));
    matroska.write("matroska", 0x1c, "latin1");
    matroska[0x1b] = 0x88;
    expect(trailerVideoTypeOf(matroska)).toBeNull();
  });
});

describe("streamTrailerUpload", { timeout: 60_000 }, () => {
  it("writes a video into the database a chunk at a time while it streams in", async () => {
    const bytes = Buffer.concat([MP4_HEADER, Buffer.alloc(3 * MB - MP4_HEADER.byteLength, 7)]);
    let seenWhileStreaming = -1;
    async function* slowly() {
      yield* pieces(bytes.subarray(0, 2.5 * MB));
      seenWhileStreaming = await allChunkCount();
      yield* pieces(bytes.subarray(2.5 * MB));
    }
    const before = await allChunkCount();
    const result = await streamTrailerUpload(slowly(), 10 * MB);
    expect(seenWhileStreaming - before).toBe(2);
    expect(result).toMatchObject({ ok: true, video: { contentType: "video/mp4", byteLength: 3 * MB } });
    const video = (result as { video: StreamedTrailerVideo }).video;
    expect(video.hash).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(await chunkCount(video.uploadId)).toBe(3);
    await discardTrailerUpload(video.uploadId);
    expect(await chunkCount(video.uploadId)).toBe(0);
  });

  it("cuts off a stream past the limit: reads it to its end, keeps none of it", async () => {
    const before = await allChunkCount();
    let read = 0;
    async function* large() {
      for await (const piece of pieces(Buffer.concat([MP4_HEADER, Buffer.alloc(5 * MB)]))) {
        read += piece.byteLength;
        yield piece;
      }
    }
    expect(await streamTrailerUpload(large(), 2 * MB)).toEqual({ ok: false, problem: "too-large" });
    expect(read).toBe(5 * MB + MP4_HEADER.byteLength);
    expect(await allChunkCount()).toBe(before);
  });

  it("refuses a PNG named .mp4 by its content, and keeps nothing", async () => {
    const before = await allChunkCount();
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#b5651d" } })
      .png()
      .toBuffer();
    const upload = await readFilmUpload(videoForm(new File([png], "trailer.mp4", { type: "video/mp4" })));
    expect(upload).toMatchObject({ ok: true, trailerVideo: null, trailerProblem: "not-a-video" });
    expect(await allChunkCount()).toBe(before);
  });

  it("takes a WebM from the film form; saved with a film, it is kept once and read back by range", async () => {
    const upload = await readFilmUpload(videoForm(new File([WEBM], "clip.bin", { type: "text/plain" })));
    if (!upload.ok || !upload.trailerVideo) throw new Error("The WebM was not taken");
    const video = upload.trailerVideo;
    expect(video).toMatchObject({ contentType: "video/webm", byteLength: WEBM.byteLength });
    expect(await upload.textRequest.text()).toBe("title=Harbour+Lights");
    const poster = await sharp({ create: { width: 600, height: 900, channels: 3, background: "#a33" } })
      .png()
      .toBuffer();
    const draft = {
      title: "Harbour Lights",
      synopsis: "",
      tagline: "",
      runtimeMinutes: 90,
      releaseDate: "2027-01-01",
      originalLanguage: "en",
      genres: [],
      cast: [],
      certificate: null,
      trailer: null,
      trailerVideo: video,
      poster,
      backdrop: null,
      tmdbId: null,
      voteAverage: null,
      voteCount: null,
    };
    const saved = await saveFilm(draft, { source: "staff" });
    if (!saved.ok) throw new Error(saved.reason);
    await discardTrailerUpload(video.uploadId);
    expect((await getMovie(saved.id))?.videoTrailer).toEqual({
      kind: "video",
      hash: video.hash,
      contentType: "video/webm",
    });
    const stored = (await findTrailerVideo(video.hash))!;
    expect(await collected(trailerVideoBytes(stored, 0, WEBM.byteLength - 1))).toEqual(WEBM);
    expect(await collected(trailerVideoBytes(stored, 100, 199))).toEqual(WEBM.subarray(100, 200));

    // The same file again, for another film: one copy is kept.
    const again = await streamTrailerUpload(pieces(WEBM));
    if (!again.ok || !again.video) throw new Error("The WebM was not taken again");
    const second = await saveFilm(
      { ...draft, title: "Harbour Lights II", trailerVideo: again.video },
      { source: "staff" },
    );
    expect(second.ok).toBe(true);
    expect(await chunkCount(again.video.uploadId)).toBe(0);
    expect(await chunkCount(video.uploadId)).toBe(Math.ceil(WEBM.byteLength / TRAILER_CHUNK_BYTES));
  });

  it("is listed on the home page's Latest Trailers, in place of the film's sample clip", async () => {
    await loadSampleData();
    const before = await listTrailers();
    const clip = before.find((trailer) => trailer.id === "t-1010581")!;
    expect(clip.videoUrl).toBe("/trailers/1010581.webm");
    const streamed = await streamTrailerUpload(pieces(Buffer.concat([MP4_HEADER, WEBM])));
    if (!streamed.ok || !streamed.video) throw new Error("The MP4 was not taken");
    const db = await getDb();
    await db.transaction(async (tx) => {
      const kept = await keepTrailerVideo(tx, streamed.video!);
      await tx.query("update movies set trailer = $1 where id = '1010581'", [JSON.stringify(kept)]);
    });
    const after = await listTrailers();
    expect(after.map((trailer) => trailer.id)).toEqual(
      before.map((trailer) => (trailer.id === "t-1010581" ? "film-1010581" : trailer.id)),
    );
    expect(after.find((trailer) => trailer.id === "film-1010581")).toMatchObject({
      videoUrl: `/videos/${streamed.video.hash}.mp4`,
      duration: null,
      views: null,
      captionsUrl: null,
    });
    // The films saved above with a video and no clip come first.
    expect(after.slice(0, 2).map((trailer) => trailer.title)).toEqual(
      expect.arrayContaining(["Harbour Lights: trailer", "Harbour Lights II: trailer"]),
    );
  });
});
