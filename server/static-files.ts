import fs from "node:fs";
import express, { type NextFunction, type Request, type Response } from "express";

/** Build files have their content's hash in their names, so they never change: kept a year, `immutable`. */
export function buildFiles() {
  return express.static("public/build", { immutable: true, maxAge: "1y" });
}

/**
 * Artwork, trailers and the icon keep their names when they change: a week, then checked again (ETag). They are
 * looked up only for addresses under one of public/'s own top-level names (`/artwork/…`, `/favicon.svg`): looking
 * for every page's address there cost a failed `stat` per request, about 3 % of a signed-in page's CPU. The names
 * are read at start; a file added inside them later is served. `build` has its own mount, so a missing build file
 * is not looked for twice.
 */
export function publicFiles() {
  const folder = "public";
  const names = new Set(fs.readdirSync(folder).filter((name) => name !== "build"));
  const serve = express.static(folder, { maxAge: "7d" });
  return (req: Request, res: Response, next: NextFunction) =>
    names.has(req.path.split("/", 2)[1]) ? serve(req, res, next) : next();
}
