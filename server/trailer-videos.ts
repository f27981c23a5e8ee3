import type { NextFunction, Request, Response } from "express";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { findTrailerVideo, trailerVideoBytes } from "~/models/trailer-videos.server";
import { logger } from "~/services/logger.server";

// Trailer videos staff uploaded (decision 79), at /videos/{sha-256}.{mp4|webm}: the address names the content, so
// it is kept a year; a player asks for ranges (a phone seeking), answered 206 with those bytes, or 416 for a range
// past the end. Answered here rather than by Remix so each chunk is read from the database only when the client
// has taken the one before: a slow phone costs a chunk of memory, not the video.

export const TRAILER_VIDEOS_PATH = "/videos/:file";
const FILE = /^([0-9a-f]{64})\.(mp4|webm)$/;
const EXTENSIONS = { "video/mp4": "mp4", "video/webm": "webm" } as const;

export function serveTrailerVideo(req: Request, res: Response, next: NextFunction) {
  sendTrailerVideo(req, res, next).catch(next);
}

async function sendTrailerVideo(req: Request, res: Response, next: NextFunction) {
  const [, hash, extension] = FILE.exec(req.params.file ?? "") ?? [];
  const video = hash ? await findTrailerVideo(hash) : null;
  // Anything else is the site's own 404 page.
  if (!hash || !video || EXTENSIONS[video.contentType] !== extension) return next();
  res.locals.route = { route: "videos/$file" };
  const etag = `"${hash}"`;
  res.set({
    "Content-Type": video.contentType,
    "Accept-Ranges": "bytes",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
  });
  // Compared here rather than with req.fresh, which answers the whole video to a request that says no-cache.
  const known = req
    .get("If-None-Match")
    ?.split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""));
  if (known?.includes(etag) || known?.includes("*")) return res.status(304).end();
  const size = video.byteLength;
  // A range is honoured when If-Range, if sent, names this video; more than one range gets the whole video.
  const ranges = req.get("If-Range") === undefined || req.get("If-Range") === etag ? req.range(size) : undefined;
  if (ranges === -1) return res.status(416).set("Content-Range", `bytes */${size}`).end();
  const range = Array.isArray(ranges) && ranges.length === 1 ? ranges[0]! : null;
  const [start, end] = range ? [range.start, range.end] : [0, size - 1];
  if (range) res.status(206).set("Content-Range", `bytes ${start}-${end}/${size}`);
  res.set("Content-Length", String(end - start + 1));
  if (req.method === "HEAD") return res.end();
  try {
    await pipeline(Readable.from(trailerVideoBytes(video, start, end)), res);
  } catch (error) {
    // A player that seeks closes the answer it no longer wants: that is no failure.
    if ((error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE")
      logger.error({ err: error, hash }, "A trailer video could not be sent");
  }
}
