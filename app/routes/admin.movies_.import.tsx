import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormField } from "~/components/FormField";
import { useValidatedForm } from "~/hooks/use-validated-form";
import { readSubmission } from "~/http/forms.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { tmdbFailure } from "~/http/tmdb-failures.server";
import { requireStaff } from "~/http/viewer.server";
import { importFromTmdb, listTmdbFilms, searchTmdbFilms, tmdbImportSettings } from "~/models/tmdb-import.server";
import { parseQuery } from "~/schemas/list-query";
import { MAX_TMDB_SEARCH, TMDB_KEY_ADDRESS, tmdbImportSchema, tmdbSearchSchema } from "~/schemas/tmdb-import";
import { releaseYear } from "~/utils/format";
import { pageMeta } from "~/utils/page-meta";

export const meta = pageMeta(
  "Import from TMDB – Admin Panel",
  "Find a film on TMDB by title, id or address, or among those now playing and upcoming, and import it.",
);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const { configured, region } = tmdbImportSettings();
  if (!configured) return { configured, region, q: "", lists: null, search: null };
  const { q } = parseQuery(tmdbSearchSchema, new URL(request.url).searchParams);
  const [lists, search] = await Promise.all([listTmdbFilms(), q ? searchTmdbFilms(q) : null]);
  return {
    configured,
    region,
    q,
    lists: lists.ok ? { films: lists.value, problem: null } : { films: null, problem: tmdbFailure(lists).message },
    search:
      search &&
      (search.ok ? { films: search.value, problem: null } : { films: null, problem: tmdbFailure(search).message }),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-programme");
  const form = await readSubmission(request, tmdbImportSchema);
  if (!form.ok) return form.response;
  const imported = await importFromTmdb(form.value.reference, staff.uid);
  if (!imported.ok) {
    const { message, status } = tmdbFailure(imported);
    return form.refuse(message, status, "reference");
  }
  return redirectWithSuccess(`/admin/movies/${imported.id}`, `${imported.title} was imported from TMDB`);
}

export default function ImportFromTmdb() {
  const { configured, region, q, lists, search } = useLoaderData<typeof loader>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm(tmdbImportSchema);
  return (
    <section aria-labelledby="tmdb-import-title" className="tmdb-import">
      <h1 id="tmdb-import-title">Import from TMDB</h1>
      {!configured ? (
        <div className="tmdb-not-configured">
          <p>
            Import from TMDB is off: the site has no TMDB API key. Get one free from{" "}
            <a href={TMDB_KEY_ADDRESS}>your TMDB account&apos;s API settings</a> ({TMDB_KEY_ADDRESS}), then set{" "}
            <code>TMDB_API_KEY</code> or <code>TMDB_READ_ACCESS_TOKEN</code> and restart the site. Everything else works
            without it.
          </p>
        </div>
      ) : (
        <>
          <p>
            Import a film&apos;s details, genres, cast, certificate for {region}, trailer, poster and backdrop. Its
            pictures are copied to the site, so pages never load them from TMDB.
          </p>
          <Form method="post" {...getFormProps(form)} className="tmdb-reference-form">
            <FormErrors id={form.errorId} errors={form.errors} />
            <FormField
              meta={fields.reference}
              label="TMDB id or address"
              type="text"
              required
              attributes={{ placeholder: "https://www.themoviedb.org/movie/550-fight-club" }}
            />
            <button type="submit" className="button" disabled={submitting}>
              Import
            </button>
          </Form>
          <h2>Search TMDB</h2>
          <Form method="get" className="tmdb-search-form" role="search">
            <div className="field">
              <label htmlFor="tmdb-search">Title</label>
              <input id="tmdb-search" name="q" type="search" defaultValue={q} maxLength={MAX_TMDB_SEARCH} required />
            </div>
            <button type="submit" className="button button-ghost">
              Search
            </button>
          </Form>
          {search && (
            <FilmList
              title={`Found for “${q}”`}
              films={search.films}
              problem={search.problem}
              empty="TMDB has no film of that title. Try fewer words, or paste its id."
              submitting={submitting}
            />
          )}
          <FilmList
            title={`Now playing in ${region}`}
            films={lists?.films?.nowPlaying ?? null}
            problem={lists?.problem ?? null}
            empty="TMDB lists no film now playing here."
            submitting={submitting}
          />
          <FilmList
            title={`Upcoming in ${region}`}
            films={lists?.films?.upcoming ?? null}
            problem={lists?.problem ?? null}
            empty="TMDB lists no upcoming film here."
            submitting={submitting}
          />
        </>
      )}
      <p className="tmdb-attribution">
        <span className="tmdb-wordmark" aria-hidden="true">
          TMDB
        </span>{" "}
        This product uses the TMDB API but is not endorsed or certified by TMDB.
      </p>
    </section>
  );
}

type ListedFilm = { id: number; title: string; release_date: string };

function FilmList({
  title,
  films,
  problem,
  empty,
  submitting,
}: {
  title: string;
  films: ListedFilm[] | null;
  problem: string | null;
  empty: string;
  submitting: boolean;
}) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {problem ? (
        <p className="tmdb-problem">{problem}</p>
      ) : films?.length ? (
        <ul className="tmdb-films">
          {films.map((film) => (
            <li key={film.id}>
              <span>
                {film.title}
                {film.release_date && ` (${releaseYear(film.release_date)})`}
              </span>
              <Form method="post">
                <input type="hidden" name="reference" value={film.id} />
                <button type="submit" className="button button-ghost button-small" disabled={submitting}>
                  Import<span className="visually-hidden"> {film.title}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>{empty}</p>
      )}
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
