import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/FormField";
import { TableScroll } from "~/components/StaffList";
import { readSubmission } from "~/http/forms.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { listCertificates, listMovieRatings, rateMovie } from "~/models/certificates.server";
import { CERTIFICATE_UNKNOWN, MOVIE_NOT_FOUND, movieRatingSchema } from "~/schemas/movie-rating";
import { releaseYear } from "~/utils/format";
import { pageMeta } from "~/utils/page-meta";

export const meta = pageMeta(
  "Movies – Admin Panel",
  "The films on sale: add one, edit or retire it, and set its age rating.",
);

const FAILURES = { "movie-not-found": MOVIE_NOT_FOUND, "unknown-certificate": CERTIFICATE_UNKNOWN } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const [certificates, movies] = await Promise.all([listCertificates(), listMovieRatings()]);
  return { certificates, movies };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-programme");
  const form = await readSubmission(request, movieRatingSchema);
  if (!form.ok) return form.response;
  const { movieId, certificate } = form.value;
  const result = await rateMovie(staff.uid, movieId, certificate || null);
  if (!result.ok) return form.refuse(FAILURES[result.reason], 409);
  const rating = certificate ? `rated ${certificate}` : "not rated";
  return redirectWithSuccess("/admin/movies", `${result.title} is now ${rating}`);
}

type Reply = { error?: Record<string, string[] | null> | null };

export default function Movies() {
  const { certificates, movies } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const submitting = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="movies-title" className="cards-on-phone">
      <h1 id="movies-title">Movies</h1>
      <p>
        <Link to="/admin/movies/new" className="button">
          Add Film
        </Link>
      </p>
      <FormErrors id="movie-rating-errors" errors={Object.values(reply?.error ?? {}).flatMap((list) => list ?? [])} />
      <p>
        Each film&apos;s certificate shows on its card and page. A ticket type with an oldest age (Child) is not sold
        for a film whose certificate admits no one that young, and a film that admits children only with an adult sells
        their tickets only beside one for any age.
      </p>
      <dl className="certificate-list">
        {certificates.map((certificate) => (
          <div key={certificate.code}>
            <dt>
              <span className="certificate">{certificate.code}</span>
            </dt>
            <dd>{certificate.description}</dd>
          </div>
        ))}
      </dl>
      <TableScroll label="Movie list">
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">Movie</th>
              <th scope="col">Year</th>
              <th scope="col">Certificate</th>
              <th scope="col">On sale</th>
            </tr>
          </thead>
          <tbody>
            {movies.map((movie) => (
              <tr key={movie.id}>
                <th scope="row">
                  <Link to={`/admin/movies/${movie.id}`}>
                    {movie.title}
                    <span className="visually-hidden">: edit</span>
                  </Link>
                </th>
                <td data-label="Year">{releaseYear(movie.releaseDate)}</td>
                <td data-label="Certificate">
                  <Form method="post" className="movie-rating-form">
                    <input type="hidden" name="movieId" value={movie.id} />
                    <label htmlFor={`certificate-${movie.id}`} className="visually-hidden">
                      Certificate of {movie.title}
                    </label>
                    <select id={`certificate-${movie.id}`} name="certificate" defaultValue={movie.certificate ?? ""}>
                      <option value="">Not rated</option>
                      {certificates.map((certificate) => (
                        <option key={certificate.code} value={certificate.code}>
                          {certificate.code}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className="button button-ghost button-small" disabled={submitting}>
                      Save<span className="visually-hidden"> the certificate of {movie.title}</span>
                    </button>
                  </Form>
                </td>
                <td data-label="On sale">
                  <Form method="post" action={`/admin/movies/${movie.id}/status`} className="movie-status-form">
                    <input type="hidden" name="retired" value={movie.retired ? "" : "on"} />
                    {movie.retired ? <span>Retired </span> : null}
                    <button type="submit" className="button button-ghost button-small" disabled={submitting}>
                      {movie.retired ? "Bring Back" : "Retire"}
                      <span className="visually-hidden"> {movie.title}</span>
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
