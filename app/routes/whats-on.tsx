import { useLoaderData } from "@remix-run/react";
import { DayLinks } from "~/components/DayLinks";
import { WhatsOnFilters } from "~/components/WhatsOnFilters";
import { WhatsOnMovies } from "~/components/WhatsOnMovies";
import type { loadWhatsOn } from "~/http/whats-on.server";
import { whatsOnPath } from "~/schemas/whats-on";
import showTimesStyles from "~/styles/show-times.css";
import whatsOnStyles from "~/styles/whats-on.css";
import { pageLinks } from "~/utils/page-links";
import { sharingMeta, withErrorMeta } from "~/utils/page-meta";

export { loadWhatsOn as loader } from "~/http/whats-on.server";

export const { links, handle } = pageLinks([
  { rel: "stylesheet", href: showTimesStyles },
  { rel: "stylesheet", href: whatsOnStyles },
]);
export const meta = withErrorMeta<typeof loadWhatsOn>(({ data }) =>
  data
    ? sharingMeta(
        "What's On – Marquee Cinemas",
        "Every show at Marquee Cinemas by day: times of day, 2D, 3D and IMAX, subtitled and audio-described screenings.",
        data.sharing,
      )
    : [],
);

export default function WhatsOn() {
  const { days, day, dayName, filters, movies } = useLoaderData<typeof loadWhatsOn>();
  return (
    <section className="section page-top whats-on" aria-labelledby="whats-on-title">
      <h1 id="whats-on-title">What&apos;s On</h1>
      <nav aria-label="Days">
        <DayLinks days={days} current={day} linkTo={(other) => whatsOnPath(other, filters)} />
      </nav>
      <WhatsOnFilters day={day} filters={filters} />
      <h2 className="whats-on-date">{dayName}</h2>
      {movies.length === 0 ? (
        <p className="empty-note">No shows match these filters on this day.</p>
      ) : (
        <WhatsOnMovies day={day} movies={movies} />
      )}
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
