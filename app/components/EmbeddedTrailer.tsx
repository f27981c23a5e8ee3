import { TRAILER_HOSTS, trailerUrl, type LinkedTrailer } from "~/domain/film-draft";

/**
 * A trailer staff linked on YouTube or Vimeo, played in the host's own player. It is drawn only once the visitor pressed
 * Watch Trailer (the page's `?trailer`), so no page contacts the host before that press.
 */
export function EmbeddedTrailer({ trailer, title }: { trailer: LinkedTrailer; title: string }) {
  const host = TRAILER_HOSTS[trailer.kind];
  return (
    <div className="trailer-video trailer-embedded">
      <iframe
        src={trailerUrl(trailer)}
        title={`${title}: trailer on ${host}`}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    </div>
  );
}
