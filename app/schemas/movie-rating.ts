import { z } from "zod";

export const MOVIE_NOT_FOUND = "That movie no longer exists.";
export const CERTIFICATE_UNKNOWN = "Please choose a certificate from the list.";

/** Longer than any movie id or certificate code: what a form of ours cannot have sent. */
const MAX_MOVIE_ID = 40;
const MAX_CERTIFICATE_CODE = 8;

/** A film's certificate as staff set it on the Movies page: a code of the list, or empty for "Not rated". */
export const movieRatingSchema = z.object({
  movieId: z
    .string({ required_error: MOVIE_NOT_FOUND })
    .trim()
    .min(1, MOVIE_NOT_FOUND)
    .max(MAX_MOVIE_ID, MOVIE_NOT_FOUND)
    .describe("Movie"),
  certificate: z.string().trim().max(MAX_CERTIFICATE_CODE, CERTIFICATE_UNKNOWN).optional().describe("Certificate"),
});
