import { Artwork } from "./Artwork";

/** A page's backdrop: the first image it shows, so the browser fetches it first (never lazily). */
export function Backdrop({ src, className }: { src: string; className: string }) {
  return (
    <Artwork
      className={`backdrop ${className}`}
      src={src}
      kind="backdrop"
      sizes="100vw"
      width={1280}
      height={720}
      fetchpriority="high"
    />
  );
}
