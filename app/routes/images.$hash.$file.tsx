import type { LoaderFunctionArgs } from "@remix-run/node";
import { ARTWORK_FORMATS, servedSize, type ArtworkFormat } from "~/domain/artwork";
import { artworkVariant } from "~/models/artwork.server";

// Film artwork at a served size (decision 65): /images/{sha-256}/{width}x{height}.{webp|jpg}. The address names the
// picture's content, so browsers and proxies keep it a year without asking again.
const VARIANT = /^(\d{1,4})x(\d{1,4})\.(webp|jpg)$/;
const CONTENT_TYPES: Record<ArtworkFormat, string> = { webp: "image/webp", jpg: "image/jpeg" };
const NOT_FOUND = () => new Response("There is no picture at this address.", { status: 404 });

export async function loader({ params }: LoaderFunctionArgs) {
  const hash = params.hash ?? "";
  const variant = VARIANT.exec(params.file ?? "");
  if (!/^[0-9a-f]{64}$/.test(hash) || !variant) return NOT_FOUND();
  const [width, height] = [Number(variant[1]), Number(variant[2])];
  const format = variant[3] as ArtworkFormat;
  if (!servedSize(width, height) || !ARTWORK_FORMATS.includes(format)) return NOT_FOUND();
  const bytes = await artworkVariant(hash, width, height, format);
  if (!bytes) return NOT_FOUND();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
