import { forwardRef } from "react";
import type { TrailerClip } from "~/domain/movie";

/** A trailer clip with its captions, if it has them; nothing is downloaded until it plays. */
export const TrailerVideo = forwardRef<HTMLVideoElement, { trailer: TrailerClip; autoPlay?: boolean }>(
  function TrailerVideo({ trailer, autoPlay = false }, ref) {
    return (
      <div className="trailer-video">
        {/* A video staff uploaded comes without a captions file (decision 79); the sample clips have theirs. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
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
          {trailer.captionsUrl ? (
            <track kind="captions" src={trailer.captionsUrl} srcLang="en" label="English" default />
          ) : null}
        </video>
      </div>
    );
  },
);
