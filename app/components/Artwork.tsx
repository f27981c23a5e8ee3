import type { ImgHTMLAttributes } from "react";
import { artworkSources, type ArtworkKind } from "~/domain/artwork";

type Props = Pick<ImgHTMLAttributes<HTMLImageElement>, "alt" | "className" | "loading" | "decoding"> & {
  src: string;
  kind: ArtworkKind;
  width: number;
  height: number;
  /** How wide the picture is drawn at each screen width: the browser picks the smallest file that fills it. */
  sizes: string;
  fetchpriority?: "high" | "low" | "auto";
};

/**
 * A film's picture: WebP where the browser takes it, JPEG otherwise, each in every served size (decision 65). Its
 * width and height are set, so the page keeps its place while it loads.
 */
export function Artwork({ src, kind, sizes, alt = "", ...image }: Props) {
  const sources = artworkSources(src, kind);
  const img = <img src={src} alt={alt} {...image} sizes={sources ? sizes : undefined} srcSet={sources?.jpg} />;
  if (!sources) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
