import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FilmForm, type FilmFormReply, type FilmFormValues } from "~/components/FilmForm";
import { config } from "~/config.server";
import { trailerVideoUrl } from "~/domain/film-draft";
import {
  artworkMessage,
  filmDraftOf,
  nameMismatchMessage,
  pictureLabel,
  readFilmUpload,
  saveFilmRefusal,
  TRAILER_LINK_AND_FILE,
  trailerVideoMessage,
} from "~/http/film-form.server";
import { formError, readSubmission } from "~/http/forms.server";
import { notFound } from "~/http/not-found.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { listCertificates } from "~/models/certificates.server";
import { getFilmForEditing, saveFilm } from "~/models/films.server";
import { discardTrailerUpload } from "~/models/trailer-videos.server";
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
    trailer: film?.trailer && film.trailer.kind !== "video" ? trailerAddress(film.trailer) : "",
  };
  return {
    film: film && {
      title: film.title,
      posterUrl: film.posterUrl,
      backdropUrl: film.backdropUrl,
      castPhotos: film.cast.map((member) => member.photoUrl),
      trailerVideoUrl: film.trailer?.kind === "video" ? trailerVideoUrl(film.trailer) : null,
      retired: film.retired,
    },
    maxTrailerMegabytes: config.maxTrailerBytes / 1024 / 1024,
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
  const streamed = upload.trailerVideo;
  try {
    const form = await readSubmission(upload.textRequest, filmSchema);
    if (!form.ok) return form.response;
    const [tooLarge] = upload.oversized;
    if (tooLarge) return form.refuse(artworkMessage(pictureLabel(tooLarge), "too-large"), 413, tooLarge);
    if (upload.trailerProblem) {
      const status = upload.trailerProblem === "too-large" ? 413 : 400;
      return form.refuse(trailerVideoMessage(upload.trailerProblem), status, "trailerFile");
    }
    if (streamed && form.value.trailer) return form.refuse(TRAILER_LINK_AND_FILE, 400, "trailerFile");
    for (const [field, file] of upload.files) {
      const mismatch = await nameMismatchMessage(field, file);
      if (mismatch) return form.refuse(mismatch, 400, field);
    }
    const draft = filmDraftOf(form.value, upload.files, { streamed, current: film?.trailer ?? null });
    const saved = await saveFilm(draft, { id: film ? params.id : null, source: "staff", staffUid: staff.uid });
    if (saved.ok) return redirectWithSuccess("/admin/movies", `${saved.title} saved.`);
    const refusal = saveFilmRefusal(saved);
    if (!refusal) throw notFound("There is no film at this address any more.");
    return form.refuse(refusal.message, 400, refusal.field);
  } finally {
    // A video the save did not keep is removed; one it kept stays.
    if (streamed) await discardTrailerUpload(streamed.uploadId);
  }
}

export default function EditFilm() {
  const { film, maxTrailerMegabytes, defaults, certificates, genres } = useLoaderData<typeof loader>();
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
        maxTrailerMegabytes={maxTrailerMegabytes}
        defaults={defaults}
        certificates={certificates}
        genres={genres}
        lastResult={lastResult}
      />
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
