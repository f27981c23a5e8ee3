import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";
import type { z } from "zod";
import type { Certificate } from "~/domain/age-ratings";
import { filmSchema, MAX_CAST, MAX_RUNTIME, MIN_RUNTIME, type FilmForm as FilmFormFields } from "~/schemas/film";
import { Artwork } from "./Artwork";
import { FormErrors, FormField } from "./FormField";
import { TrailerVideoField } from "./TrailerVideoField";

export type FilmFormReply = SubmissionResult<string[]>;

/** The form's fields as the page fills them in. */
export type FilmFormValues = {
  title: string;
  synopsis: string;
  tagline: string;
  runtimeMinutes: string;
  releaseDate: string;
  originalLanguage: string;
  genres: string[];
  newGenre?: string;
  castName: string[];
  castCharacter: string[];
  certificate: string;
  trailer: string;
};

type Props = {
  /** The film edited, with its pictures; null for a new one. */
  film: {
    posterUrl: string;
    backdropUrl: string;
    castPhotos: (string | null)[];
    /** Where the trailer video staff uploaded plays, or null when the film has none. */
    trailerVideoUrl: string | null;
  } | null;
  /** The largest trailer video the site takes, in MB. */
  maxTrailerMegabytes: number;
  defaults: FilmFormValues;
  certificates: Certificate[];
  /** The catalogue's genres to choose from. */
  genres: string[];
  lastResult: FilmFormReply | undefined;
};

// Blank cast rows a form shows below the film's cast, for more without JavaScript.
const BLANK_CAST_ROWS = 3;
const PICTURE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/**
 * A film's details, cast, trailer and pictures, posted as one multipart form that works without JavaScript. With
 * it, the fields are checked as they are left and a chosen picture is shown before it is sent.
 */
export function FilmForm({ film, maxTrailerMegabytes, defaults, certificates, genres, lastResult }: Props) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm<z.input<typeof filmSchema>, FilmFormFields>({
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: filmSchema }),
    shouldValidate: "onBlur",
  });
  const fileError = (name: string) => lastResult?.error?.[name]?.[0];
  const castNames = fields.castName.getFieldList();
  const castCharacters = fields.castCharacter.getFieldList();
  const rows = Math.min(MAX_CAST, Math.max(castNames.length, film?.castPhotos.length ?? 0) + BLANK_CAST_ROWS);
  const chosen = new Set(Array.isArray(fields.genres.initialValue) ? fields.genres.initialValue : []);
  const { key: synopsisKey, ...synopsisProps } = getTextareaProps(fields.synopsis);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="film-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormField meta={fields.title} label="Title" type="text" required />
      <div className="field">
        <label htmlFor={fields.synopsis.id}>Synopsis</label>
        <textarea key={synopsisKey} {...synopsisProps} rows={5} aria-describedby={fields.synopsis.errorId} />
        <p id={fields.synopsis.errorId} className="field-error">
          {fields.synopsis.errors?.[0]}
        </p>
      </div>
      <FormField meta={fields.tagline} label="Tagline" type="text" />
      <div className="film-form-row">
        <FormField
          meta={fields.runtimeMinutes}
          label="Runtime (minutes)"
          type="number"
          required
          attributes={{ min: String(MIN_RUNTIME), max: String(MAX_RUNTIME), step: "1", inputMode: "numeric" }}
        />
        <FormField meta={fields.releaseDate} label="Release date" type="date" required />
        <FormField
          meta={fields.originalLanguage}
          label="Original language"
          type="text"
          note="Its two-letter code: en, fr, ja."
          required
        />
      </div>
      <fieldset className="film-genres">
        <legend>Genres</legend>
        {genres.map((genre) => (
          <label key={genre} className="film-genre">
            <input type="checkbox" name={fields.genres.name} value={genre} defaultChecked={chosen.has(genre)} /> {genre}
          </label>
        ))}
        <FormField meta={fields.newGenre} label="Another genre" type="text" />
      </fieldset>
      <div className="field">
        <label htmlFor="film-certificate">Certificate</label>
        <select
          id="film-certificate"
          name={fields.certificate.name}
          defaultValue={String(fields.certificate.initialValue ?? "")}
          aria-describedby="certificate-error"
        >
          <option value="">Not rated</option>
          {certificates.map((certificate) => (
            <option key={certificate.code} value={certificate.code}>
              {certificate.code}: {certificate.description}
            </option>
          ))}
        </select>
        <p id="certificate-error" className="field-error">
          {fields.certificate.errors?.[0] ?? fileError("certificate")}
        </p>
      </div>
      <FormField
        meta={fields.trailer}
        label="Trailer"
        type="text"
        note="The address of the trailer on YouTube or Vimeo. Customers' browsers contact it only when they press play."
      />
      <TrailerVideoField
        current={film?.trailerVideoUrl ?? null}
        maxMegabytes={maxTrailerMegabytes}
        error={fileError("trailerFile")}
      />
      <PictureField
        name="poster"
        label="Poster"
        note="Portrait, 2:3, at least 600 × 900 pixels. JPEG, PNG, WebP, GIF or AVIF, up to 10 MB."
        current={film?.posterUrl ?? null}
        kind="poster"
        error={fileError("poster")}
      />
      <PictureField
        name="backdrop"
        label="Backdrop"
        note="Landscape, 16:9, at least 1920 × 1080 pixels. Without one, the poster is shown in its place."
        current={film?.backdropUrl ?? null}
        kind="backdrop"
        error={fileError("backdrop")}
      />
      <fieldset className="film-cast">
        <legend>Cast, in billing order</legend>
        <p className="field-note">Clear a name to take that actor off. Leave a photo empty to keep the one shown.</p>
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="film-cast-row">
            <div className="field">
              <label htmlFor={`cast-name-${index}`}>Actor {index + 1}</label>
              <input
                id={`cast-name-${index}`}
                name={`${fields.castName.name}[${index}]`}
                defaultValue={String(castNames[index]?.initialValue ?? "")}
                aria-describedby={`cast-name-${index}-error`}
              />
              <p id={`cast-name-${index}-error`} className="field-error">
                {castNames[index]?.errors?.[0]}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`cast-character-${index}`}>Character {index + 1}</label>
              <input
                id={`cast-character-${index}`}
                name={`${fields.castCharacter.name}[${index}]`}
                defaultValue={String(castCharacters[index]?.initialValue ?? "")}
              />
            </div>
            <PictureField
              name={`castPhoto[${index}]`}
              label={`Photo ${index + 1}`}
              current={film?.castPhotos[index] ?? null}
              kind="photo"
              error={fileError(`castPhoto[${index}]`)}
            />
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? "Saving..." : "Save Film"}
      </button>
    </Form>
  );
}

function PictureField({
  name,
  label,
  note,
  current,
  kind,
  error,
}: {
  name: string;
  label: string;
  note?: string;
  current: string | null;
  kind: "poster" | "backdrop" | "photo";
  error: string | undefined;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const id = `picture-${name.replace(/\W/g, "-")}`;
  const showPreview = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return setPreview(null);
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === "string" ? reader.result : null);
    reader.readAsDataURL(file);
  };
  const [width, height] = kind === "backdrop" ? [192, 108] : [80, 120];
  return (
    <div className="field film-picture">
      <label htmlFor={id}>{label}</label>
      {note ? (
        <p id={`${id}-note`} className="field-note">
          {note}
        </p>
      ) : null}
      {preview ? (
        <img src={preview} alt={`${label}: chosen, not yet saved`} width={width} height={height} />
      ) : current ? (
        <Artwork src={current} kind={kind} sizes={`${width}px`} alt={`${label}: now`} width={width} height={height} />
      ) : null}
      <input
        id={id}
        name={name}
        type="file"
        accept={PICTURE_TYPES}
        onChange={showPreview}
        aria-invalid={error ? true : undefined}
        aria-describedby={[note && `${id}-note`, `${id}-error`].filter(Boolean).join(" ")}
      />
      <p id={`${id}-error`} className="field-error">
        {error}
      </p>
    </div>
  );
}
