import { unstable_parseMultipartFormData as parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import type { FilmDraft, FilmTrailer, StreamedTrailerVideo } from "~/domain/film-draft";
import {
  contentFormatName,
  MAX_ARTWORK_BYTES,
  nameMismatchesContent,
  type ArtworkProblem,
} from "~/models/artwork.server";
import type { ArtworkField, SaveFilmFailure } from "~/models/films.server";
import { discardTrailerUpload, streamTrailerUpload, type TrailerVideoProblem } from "~/models/trailer-videos.server";
import { castRows, chosenGenres, MAX_CAST, readTrailerAddress, type FilmForm } from "~/schemas/film";
import { config } from "~/config.server";
import { FORM_TOO_LARGE, FORM_UNREADABLE, MAX_FORM_BYTES } from "./forms.server";

// The film form (/admin/movies/new, /admin/movies/{id}) posts its pictures and a trailer video as files: a multipart
// body, read here while it streams in, each picture up to MAX_ARTWORK_BYTES and the form's text and pictures up to
// the text and every picture it has a field for. The trailer video goes on into the database as it comes, up to
// its own limit (decision 79). Its text fields then go through readSubmission as any form's do.

const FILE_FIELD = /^(?:poster|backdrop|castPhoto\[(\d{1,2})\]|trailerFile)$/;
const TRAILER_FILE_FIELD = "trailerFile";
const MAX_FILM_FORM_BYTES = MAX_FORM_BYTES + (2 + MAX_CAST) * MAX_ARTWORK_BYTES;
const MB = MAX_ARTWORK_BYTES / 1024 / 1024;

export type UploadedFile = { fileName: string; bytes: Uint8Array };
class FormTooLarge extends Error {}

/**
 * The film form's text fields, as a URL-encoded request readSubmission reads, its files by field, the fields
 * whose file was larger than MAX_ARTWORK_BYTES (read to its end and dropped, so the page can say which), and the
 * trailer video streamed in (its chunks written, not yet kept: the caller discards it unless the film is saved) or
 * what was wrong with it.
 */
export async function readFilmUpload(request: Request, maxTrailerBytes = config.maxTrailerBytes) {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_FILM_FORM_BYTES + maxTrailerBytes)
    return { ok: false as const, message: FORM_TOO_LARGE };
  if (!/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? ""))
    return { ok: false as const, message: FORM_UNREADABLE };
  const text = new URLSearchParams();
  const files = new Map<string, UploadedFile>();
  const oversized: string[] = [];
  // Set inside the upload handler: spelt so, TypeScript does not take them for always null after it.
  let trailerVideo = null as StreamedTrailerVideo | null;
  let trailerProblem = null as TrailerVideoProblem | null;
  let trailerRead = false;
  let total = 0;
  const collect = async (part: UploadHandlerPart, limit: number) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of part.data) {
      total += chunk.byteLength;
      if (total > MAX_FILM_FORM_BYTES) throw new FormTooLarge();
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
    }
    return size <= limit ? Buffer.concat(chunks) : null;
  };
  try {
    await parseMultipartFormData(request, async (part) => {
      if (part.filename === undefined) {
        const value = await collect(part, MAX_FORM_BYTES);
        if (value === null) throw new FormTooLarge();
        // A file field left empty may come without a file name: it is no text of the form.
        if (!FILE_FIELD.test(part.name)) text.append(part.name, value.toString("utf8"));
        return undefined;
      }
      if (part.name === TRAILER_FILE_FIELD && !trailerRead) {
        trailerRead = true;
        const streamed = await streamTrailerUpload(part.data, maxTrailerBytes);
        if (streamed.ok) trailerVideo = streamed.video;
        else trailerProblem = streamed.problem;
        return undefined;
      }
      const index = FILE_FIELD.exec(part.name)?.[1];
      const known =
        FILE_FIELD.test(part.name) &&
        part.name !== TRAILER_FILE_FIELD &&
        (index === undefined || Number(index) < MAX_CAST);
      const bytes = await collect(part, known ? MAX_ARTWORK_BYTES : 0);
      if (!known || !part.filename) return undefined;
      if (bytes === null) oversized.push(part.name);
      else if (bytes.byteLength > 0) files.set(part.name, { fileName: part.filename, bytes });
      return undefined;
    });
  } catch (error) {
    if (trailerVideo) await discardTrailerUpload(trailerVideo.uploadId);
    return { ok: false as const, message: error instanceof FormTooLarge ? FORM_TOO_LARGE : FORM_UNREADABLE };
  }
  const textRequest = new Request(request.url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: text.toString(),
  });
  return { ok: true as const, textRequest, files, oversized, trailerVideo, trailerProblem };
}

/** What a picture's field is called in a message. */
export function pictureLabel(field: string) {
  const castIndex = /^cast(?:Photo\[|\.)(\d+)/.exec(field)?.[1];
  if (castIndex !== undefined) return `The photo of cast member ${Number(castIndex) + 1}`;
  return field === "poster" ? "The poster" : "The backdrop";
}

/** The form field a picture of the draft came from. */
export const formFieldOf = (field: ArtworkField) => field.replace(/^cast\.(\d+)\.photo$/, "castPhoto[$1]");

const PICTURE_TYPES = "a JPEG, PNG, WebP, GIF or AVIF picture";

export function artworkMessage(label: string, problem: ArtworkProblem) {
  switch (problem) {
    case "too-large":
      return `${label} is larger than ${MB} MB. Please choose a smaller file.`;
    case "svg":
      return `${label} is an SVG drawing, which the site does not take because it can carry scripts. Please choose ${PICTURE_TYPES}.`;
    case "too-many-pixels":
      return `${label} is larger than 40 megapixels. Please choose a smaller picture (2000 × 3000 pixels is plenty for a poster).`;
    case "not-a-picture":
    case "name-mismatch":
      return `${label} is not a picture the site can read. Please choose ${PICTURE_TYPES}.`;
  }
}

/** A file whose name says another format than its content: the message for it, or null when they agree. */
export async function nameMismatchMessage(field: string, file: UploadedFile) {
  if (!(await nameMismatchesContent(file.bytes, file.fileName))) return null;
  const format = await contentFormatName(file.bytes);
  return `${pictureLabel(field)} (${file.fileName}) is a ${format} picture, but its name says otherwise. Please rename it to match what it is, or save it again in the format its name says.`;
}

/** A refusal of saveFilm, as the field it is about and a message for it. */
export function saveFilmRefusal(failure: SaveFilmFailure): { field: string; message: string } | null {
  switch (failure.reason) {
    case "poster-missing":
      return { field: "poster", message: "Please choose a poster for the film: a picture at least 300 pixels wide." };
    case "unknown-certificate":
      return { field: "certificate", message: "Please choose a certificate from the list." };
    case "bad-artwork":
      return {
        field: formFieldOf(failure.field),
        message: artworkMessage(pictureLabel(failure.field), failure.problem),
      };
    case "not-found":
      return null;
  }
}

const TRAILER_TYPES = "an MP4 or WebM video";

export function trailerVideoMessage(problem: TrailerVideoProblem, maxTrailerBytes = config.maxTrailerBytes) {
  return problem === "too-large"
    ? `The trailer video is larger than ${Math.round(maxTrailerBytes / 1024 / 1024)} MB. Please choose a smaller file, or paste its address on YouTube or Vimeo instead.`
    : `The trailer video is not a video the site can play. Please choose ${TRAILER_TYPES}.`;
}

export const TRAILER_LINK_AND_FILE =
  "Please either paste the trailer's address or choose a video file, not both: clear the address to upload a file.";

/**
 * The trailer a staff member's form sets when it uploads no video (one it uploads is the draft's `trailerVideo`): the
 * address pasted, else the video the film has unless Remove was ticked; null for none.
 */
function trailerOf(form: FilmForm, current: FilmTrailer | null): FilmTrailer | null {
  if (form.trailer) return readTrailerAddress(form.trailer);
  return current?.kind === "video" && !form.removeTrailerVideo ? current : null;
}

/**
 * The draft a staff member's form makes: pictures left empty keep the film's own, a video streamed in is its
 * trailer, and a film's own video stays unless a link replaces it or staff remove it.
 */
export function filmDraftOf(
  form: FilmForm,
  files: Map<string, UploadedFile>,
  trailer: { streamed: StreamedTrailerVideo | null; current: FilmTrailer | null },
): FilmDraft {
  return {
    title: form.title,
    synopsis: form.synopsis,
    tagline: form.tagline,
    runtimeMinutes: form.runtimeMinutes,
    releaseDate: form.releaseDate,
    originalLanguage: form.originalLanguage,
    genres: chosenGenres(form),
    cast: castRows(form).map(({ index, name, character }) => ({
      name,
      character,
      photo: files.get(`castPhoto[${index}]`)?.bytes ?? null,
    })),
    certificate: form.certificate || null,
    trailer: trailerOf(form, trailer.current),
    trailerVideo: trailer.streamed,
    poster: files.get("poster")?.bytes ?? null,
    backdrop: files.get("backdrop")?.bytes ?? null,
    tmdbId: null,
    voteAverage: null,
    voteCount: null,
  };
}
