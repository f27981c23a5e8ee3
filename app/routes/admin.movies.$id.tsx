import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FilmForm, type FilmFormReply, type FilmFormValues } from "~/components/FilmForm";
import {
  artworkMessage,
  filmDraftOf,
  nameMismatchMessage,
  pictureLabel,
  readFilmUpload,
  saveFilmRefusal,
} from "~/http/film-form.server";
import { formError, readSubmission } from "~/http/forms.server";
import { notFound } from "~/http/not-found.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { listCertificates } from "~/models/certificates.server";
import { getFilmForEditing, saveFilm } from "~/models/films.server";
import { listGenres } from "~/models/movies.server";
import { filmSchema, trailerAddress } from "~/schemas/film";
import { withErrorMeta } from "~/utils/page-meta";

export const meta = withErrorMeta<typeof loader>(({ data }) => [
  { title: `${data?.film?.title ?? "Add Film"} – Admin Panel – Marquee Cinemas` },
  { name: "description", content: "A film's details, cast, trailer and artwork." },
]);

const NEW = "new";

async function requireFilm(id: string | undefined) {
  const film = id === NEW ? null : await getFilmForEditing(id ?? "");
  if (id !== NEW && !film) throw notFound("There is no film at this address. It may have been a typo.");
  return film;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const film = await requireFilm(params.id);
  const [certificates, genres] = await Promise.all([listCertificates(), listGenres()]);
  const defaults: FilmFormValues = {
    title: film?.title ?? "",
    synopsis: film?.synopsis ?? "",
    tagline: film?.tagline ?? "",
    runtimeMinutes: film ? String(film.runtimeMinutes) : "",
    releaseDate: film?.releaseDate ?? "",
    originalLanguage: film?.originalLanguage ?? "en",
    genres: film?.genres ?? [],
    castName: film?.cast.map((member) => member.name) ?? [],
    castCharacter: film?.cast.map((member) => member.character) ?? [],
    certificate: film?.certificate ?? "",
    trailer: film?.trailer ? trailerAddress(film.trailer) : "",
  };
  return {
    film: film && {
      title: film.title,
      posterUrl: film.posterUrl,
      backdropUrl: film.backdropUrl,
      castPhotos: film.cast.map((member) => member.photoUrl),
      retired: film.retired,
    },
    defaults,
    certificates,
    genres: [...new Set([...genres, ...defaults.genres])].sort(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-programme");
  const film = await requireFilm(params.id);
  const upload = await readFilmUpload(request);
  if (!upload.ok) return data(formError(upload.message), { status: 400 });
  const form = await readSubmission(upload.textRequest, filmSchema);
  if (!form.ok) return form.response;
  const [tooLarge] = upload.oversized;
  if (tooLarge) return form.refuse(artworkMessage(pictureLabel(tooLarge), "too-large"), 413, tooLarge);
  for (const [field, file] of upload.files) {
    const mismatch = await nameMismatchMessage(field, file);
    if (mismatch) return form.refuse(mismatch, 400, field);
  }
  const saved = await saveFilm(filmDraftOf(form.value, upload.files), {
    id: film ? params.id : null,
    source: "staff",
    staffUid: staff.uid,
  });
  if (saved.ok) return redirectWithSuccess("/admin/movies", `${saved.title} saved.`);
  const refusal = saveFilmRefusal(saved);
  if (!refusal) throw notFound("There is no film at this address any more.");
  return form.refuse(refusal.message, 400, refusal.field);
}

export default function EditFilm() {
  const { film, defaults, certificates, genres } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as FilmFormReply | undefined;
  return (
    <section aria-labelledby="film-title">
      <p>
        <Link to="/admin/movies">← Movies</Link>
      </p>
      <h1 id="film-title">{film ? `Edit ${film.title}` : "Add Film"}</h1>
      {film?.retired ? <p>This film is retired: customers do not see it and Add Shows does not offer it.</p> : null}
      <FilmForm
        key={film?.title ?? NEW}
        film={film}
        defaults={defaults}
        certificates={certificates}
        genres={genres}
        lastResult={lastResult}
      />
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
