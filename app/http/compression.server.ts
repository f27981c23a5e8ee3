import Negotiator from "negotiator";
import zlib from "node:zlib";

// What is compressed per request (signed-in pages; kept pages come compressed): brotli 3 and gzip 3 took about half
// the time of the defaults (brotli 4, gzip 6) on /movies, for 6-7 % more bytes (decision 19). Brotli's window is
// 256 KB, not its default 4 MB: a page fits in it whole, so the bytes are the same, and its encoder costs half.
export const BROTLI_PER_REQUEST = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
};
export const GZIP_LEVEL_PER_REQUEST = 3;

// As the `compression` middleware's threshold: a smaller body hardly shrinks, and setting a compressor up costs more.
const THRESHOLD_BYTES = 1024;
const ENCODINGS = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];

/**
 * A whole page, or a data request's whole answer, compressed in one call, in the encoding the request accepts (chosen
 * as the `compression` middleware chooses for everything else): both are whole before they are sent, and one call
 * costs a fifth of a compression stream's CPU (decisions 32 and 34). `encoding` is null where the body goes as it is.
 */
export function compressWhole(
  bytes: Buffer<ArrayBuffer>,
  request: Request,
): { body: Uint8Array<ArrayBuffer>; encoding: string | null } {
  const encoding =
    request.method === "HEAD" || bytes.length < THRESHOLD_BYTES
      ? "identity"
      : new Negotiator({ headers: { "accept-encoding": request.headers.get("Accept-Encoding") ?? "" } }).encoding(
          ENCODINGS,
          PREFERRED,
        );
  if (encoding === "br") return { body: zlib.brotliCompressSync(bytes, { params: BROTLI_PER_REQUEST }), encoding };
  if (encoding === "gzip") return { body: zlib.gzipSync(bytes, { level: GZIP_LEVEL_PER_REQUEST }), encoding };
  if (encoding === "deflate") return { body: zlib.deflateSync(bytes, { level: GZIP_LEVEL_PER_REQUEST }), encoding };
  return { body: bytes, encoding: null };
}

/**
 * The body to send for a whole answer: compressed as `compressWhole` chooses, with `Vary`, `Content-Encoding` and
 * `Content-Length` set on its headers, so the `compression` middleware passes it by.
 */
export function wholeBody(bytes: Buffer<ArrayBuffer>, request: Request, headers: Headers) {
  const { body, encoding } = compressWhole(bytes, request);
  headers.append("Vary", "Accept-Encoding");
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return body;
}
