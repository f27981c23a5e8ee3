/**
 * The film form's trailer video: a file staff upload instead of a YouTube or Vimeo address, and, when the film has
 * one, a link to it and a box to remove it. The server checks the file by its content; `accept` only helps choose.
 */
export function TrailerVideoField({
  current,
  maxMegabytes,
  error,
}: {
  current: string | null;
  maxMegabytes: number;
  error: string | undefined;
}) {
  return (
    <div className="field film-trailer-video">
      <label htmlFor="film-trailer-file">Trailer video file</label>
      <p id="film-trailer-file-note" className="field-note">
        Instead of an address: an MP4 or WebM video, up to {maxMegabytes} MB.
        {current ? " A new file replaces the trailer uploaded before." : null}
      </p>
      {current ? (
        <p>
          <a href={current}>The uploaded trailer</a>
          <label className="film-trailer-remove">
            <input type="checkbox" name="removeTrailerVideo" /> Remove the uploaded trailer
          </label>
        </p>
      ) : null}
      <input
        id="film-trailer-file"
        name="trailerFile"
        type="file"
        accept="video/mp4,video/webm"
        aria-invalid={error ? true : undefined}
        aria-describedby="film-trailer-file-note film-trailer-file-error"
      />
      <p id="film-trailer-file-error" className="field-error">
        {error}
      </p>
    </div>
  );
}
