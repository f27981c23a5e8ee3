import { forwardRef } from "react";
import type { Trailer } from "~/domain/movie";

/** A trailer clip with its captions; nothing is downloaded until it plays. */
export const TrailerVideo = forwardRef<HTMLVideoElement, { trailer: Trailer; autoPlay?: boolean }>(
  function TrailerVideo({ trailer, autoPlay = false }, ref) {
    return (
      <div className="trailer-video">
        <video
          ref={ref}
          src={trailer.videoUrl}
          poster={trailer.imageUrl}
          controls
          autoPlay={autoPlay}
          preload="none"
          playsInline
          aria-label={trailer.title}
        >
          <track kind="captions" src={trailer.captionsUrl} srcLang="en" label="English" default />
        </video>
      </div>
    );
  },
);
