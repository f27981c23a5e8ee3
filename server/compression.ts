import { promisify } from "node:util";
import zlib from "node:zlib";
import compression from "compression";

// What is compressed per request (signed-in pages, data answers, our own pages, files): brotli 3 and gzip 3 took
// about half the time of the defaults (brotli 4, gzip 6) on /movies, for 6-7 % more bytes (decision 19). Brotli's
// window is 256 KB, not its default 4 MB: a page fits in it whole, so the bytes are the same, and its encoder costs
// half.
const BROTLI_PER_REQUEST = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
};
const GZIP_LEVEL_PER_REQUEST = 3;

/**
 * The one compression path (decision 38): the `compression` middleware, for every answer that does not come
 * compressed already (a page kept in memory). A body that says it is under 1 KB goes as it is.
 */
export function compressAnswers() {
  return compression({ level: GZIP_LEVEL_PER_REQUEST, brotli: { params: BROTLI_PER_REQUEST } });
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page kept for everyone is compressed once, as hard as brotli and gzip go, off the main thread: it is served
 * many times. A seat page, kept for a second, is worth less: brotli 5.
 */
export async function compressKept(page: Buffer, { briefly }: { briefly: boolean }) {
  const [br, gz] = await Promise.all([
    brotli(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: briefly ? 5 : 11 } }),
    gzip(page, { level: 9 }),
  ]);
  return { br, gzip: gz };
}
