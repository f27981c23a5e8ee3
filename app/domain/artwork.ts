// Artwork addresses: a stored picture's content hash and the size a page asks for. The bytes behind an address never
// change, so browsers keep them a year (decision 65).

export type ArtworkKind = "poster" | "backdrop" | "photo";

/** The sizes served for each kind of picture, smallest first: a poster and a photo 2:3, a backdrop 16:9. */
export const ARTWORK_SIZES: Record<ArtworkKind, readonly (readonly [number, number])[]> = {
  poster: [
    [80, 120],
    [160, 240],
    [300, 450],
    [600, 900],
  ],
  photo: [
    [185, 278],
    [370, 556],
  ],
  backdrop: [
    [640, 360],
    [1280, 720],
    [1920, 1080],
  ],
};

/** The formats each size is served in, the first the one browsers that know it prefer; JPEG for every other. */
export const ARTWORK_FORMATS = ["webp", "jpg"] as const;
export type ArtworkFormat = (typeof ARTWORK_FORMATS)[number];

const ARTWORK_PATH = /^\/images\/([0-9a-f]{64})\/(\d+)x(\d+)\.jpg$/;

/** The JPEG address of a picture at a size: what an `<img>` falls back to, and what a film's record keeps. */
export function artworkUrl(hash: string, [width, height]: readonly [number, number], format: ArtworkFormat = "jpg") {
  return `/images/${hash}/${width}x${height}.${format}`;
}

/** Every size and format of the picture behind a stored artwork address, or null for any other address. */
export function artworkSources(url: string, kind: ArtworkKind) {
  const match = ARTWORK_PATH.exec(url);
  if (!match) return null;
  const hash = match[1];
  const srcSet = (format: ArtworkFormat) =>
    ARTWORK_SIZES[kind].map((size) => `${artworkUrl(hash, size, format)} ${size[0]}w`).join(", ");
  return { webp: srcSet("webp"), jpg: srcSet("jpg") };
}

/** Whether a size is one of those served for some kind of picture. */
export function servedSize(width: number, height: number) {
  return Object.values(ARTWORK_SIZES).some((sizes) => sizes.some(([w, h]) => w === width && h === height));
}
