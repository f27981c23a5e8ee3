import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { Trailer } from "~/domain/movie";
import { TrailerVideo } from "./TrailerVideo";

/**
 * The main player and the list of trailers. Each list entry is a link that selects it, so it works
 * without JavaScript; with JavaScript the choice switches in place and starts playing. The page keys it by
 * `selectedId`, so a new choice in the URL starts it afresh.
 */
export function TrailerPlayer({ trailers, selectedId }: { trailers: Trailer[]; selectedId: string }) {
  const [currentId, setCurrentId] = useState(selectedId);
  const [autoplay, setAutoplay] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const current = trailers.find((t) => t.id === currentId) ?? trailers[0];

  useEffect(() => {
    if (autoplay) video.current?.play().catch(() => {});
  }, [autoplay, currentId]);

  if (!current) return null;
  return (
    <div className="trailers">
      <figure className="trailer-main">
        <TrailerVideo key={current.id} ref={video} trailer={current} />
        <figcaption>
          <h3>{current.title}</h3>
          <p>{current.description}</p>
        </figcaption>
      </figure>
      <div className="trailer-list">
        <h3>
          More Trailers <span className="count">({trailers.length})</span>
        </h3>
        <ul>
          {trailers.map((trailer) => {
            const playing = trailer.id === current.id;
            return (
              <li key={trailer.id}>
                <Link
                  to={`?trailer=${encodeURIComponent(trailer.id)}#trailers`}
                  preventScrollReset
                  aria-current={playing ? "true" : undefined}
                  className={playing ? "trailer-item playing" : "trailer-item"}
                  onClick={(event) => {
                    event.preventDefault();
                    setCurrentId(trailer.id);
                    setAutoplay(true);
                  }}
                >
                  <img src={trailer.imageUrl} alt="" width={160} height={90} loading="lazy" />
                  <span className="trailer-item-text">
                    <strong>{trailer.title}</strong>
                    {trailer.duration && trailer.views ? (
                      <small>
                        {trailer.duration} • {trailer.views} views
                      </small>
                    ) : null}
                    {playing ? <span className="badge">Playing</span> : null}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
