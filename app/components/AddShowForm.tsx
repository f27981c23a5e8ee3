import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { MovieChoice } from "~/models/show-admin.server";
import {
  ADD_TIME,
  addShowSchema,
  CREATE_SHOW,
  isShowTime,
  MAX_PRICE,
  priceProblem,
  priceToCents,
  removeIntent,
} from "~/schemas/add-show";
import { formatRuntime, plural } from "~/utils/format";
import { formatLocalClock, formatLocalDay, formatLocalShowTime, formatMoney } from "~/utils/show-display";
import { useHydrated } from "~/utils/use-hydrated";
import { FormErrors, FormField } from "./FormField";

const STEPS = ["Select Movie", "Set Price", "Schedule", "Review"];
const SEARCH_FORM = "movie-search";

type Props = {
  movies: MovieChoice[];
  matching: number;
  search: string;
  currency: string;
  actionData: SubmissionResult<string[]> | undefined;
};

/** The show times of a list, by cinema day: [["2026-05-01", ["2026-05-01T13:15", ...]], ...]. */
function byDay(times: string[]) {
  const days = new Map<string, string[]>();
  for (const time of [...times].sort()) days.set(time.slice(0, 10), [...(days.get(time.slice(0, 10)) ?? []), time]);
  return [...days];
}

/**
 * Add Shows: pick a movie, set a price, list the show times, create. Add Time and each remove button post the form
 * (the server checks the time and answers the new list, kept in hidden inputs), so it works without JavaScript too.
 * With JavaScript the form posts through a fetcher: the page stays as it is (focus, the movie search) while the
 * list changes, and Create Show's redirect starts a new page.
 */
export function AddShowForm({ movies, matching, search, currency, actionData }: Props) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  const lastResult = fetcher.data ?? actionData;
  // One step at a time: a second post would cancel the first, and its answer with it.
  const busy = fetcher.state !== "idle";
  const [query, setQuery] = useState(search);
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addShowSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const movieId = fields.movieId.value;
  const price = fields.price.value ?? "";
  const validPrice = price !== "" && priceProblem(price) === null;
  const listed = fields.times.value ?? [];
  const times = (Array.isArray(listed) ? listed : [listed]).filter((t): t is string => !!t && isShowTime(t));
  const days = byDay(times);
  const movie = movies.find((m) => m.id === movieId);
  const step = !movieId ? 0 : !validPrice ? 1 : times.length === 0 ? 2 : 3;
  const shown = movies.filter((m) => m.title.toLowerCase().includes(query.trim().toLowerCase()));

  return (
    <>
      <ol className="steps" aria-label="Steps">
        {STEPS.map((label, index) => (
          <li key={label} aria-current={index === step ? "step" : undefined} className={index < step ? "done" : ""}>
            {label}
          </li>
        ))}
      </ol>
      {/* The movie search is a form of its own (a GET), its fields placed in the movie step by their form attribute. */}
      <form id={SEARCH_FORM} method="get" onSubmit={(event) => hydrated && event.preventDefault()} />
      <fetcher.Form method="post" {...getFormProps(form)} className="add-show">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="add-show-step" aria-describedby={fields.movieId.errorId}>
          <legend>Select Movie</legend>
          <div className="movie-search">
            <label htmlFor="movie-search-input">Search movies</label>
            <input
              id="movie-search-input"
              form={SEARCH_FORM}
              type="search"
              name="search"
              defaultValue={search}
              maxLength={100}
              onChange={(event) => setQuery(event.currentTarget.value)}
            />
            <button type="submit" form={SEARCH_FORM} className="button button-ghost button-small">
              Search
            </button>
          </div>
          {matching > movies.length ? (
            <p className="admin-note">
              Showing the newest {movies.length} of {matching} movies: search to find the others.
            </p>
          ) : null}
          {shown.length === 0 ? <p className="empty-note">No movies match your search.</p> : null}
          <ul className="movie-choices" key={fields.movieId.key}>
            {movies.map((m) => (
              <li key={m.id} hidden={!shown.includes(m)}>
                <input
                  type="radio"
                  id={`movie-${m.id}`}
                  name={fields.movieId.name}
                  value={m.id}
                  defaultChecked={fields.movieId.initialValue === m.id}
                />
                <label htmlFor={`movie-${m.id}`}>
                  <img src={m.posterPath} alt="" width={60} height={90} loading="lazy" />
                  <span>{m.title}</span>
                  <small>
                    {m.releaseYear} · {formatRuntime(m.runtime)}
                  </small>
                </label>
              </li>
            ))}
          </ul>
          <p id={fields.movieId.errorId} className="field-error">
            {fields.movieId.errors?.[0]}
          </p>
        </fieldset>

        <fieldset className="add-show-step">
          <legend>Set Price</legend>
          <FormField
            meta={fields.price}
            label={`Show price (${currency})`}
            type="number"
            attributes={{ step: "0.01", min: "0.01", max: String(MAX_PRICE), inputMode: "decimal" }}
          />
        </fieldset>

        <fieldset className="add-show-step">
          <legend>Schedule</legend>
          <div className="add-time">
            <FormField meta={fields.time} label="Date and time" type="datetime-local" />
            <button
              type="submit"
              name="intent"
              value={ADD_TIME}
              formNoValidate
              className="button button-ghost"
              disabled={hydrated && (busy || !fields.time.value)}
            >
              Add Time
            </button>
          </div>
          {days.length === 0 ? (
            <p className="empty-note">No show times yet.</p>
          ) : (
            <ul className="show-days" aria-label="Show times">
              {days.map(([day, dayTimes]) => (
                <li key={day}>
                  <h3>{formatLocalDay(day + "T00:00")}</h3>
                  <ul className="show-times">
                    {dayTimes.map((time) => (
                      <li key={time}>
                        <span>{formatLocalClock(time)}</span>
                        <button
                          type="submit"
                          name="intent"
                          value={removeIntent(time)}
                          formNoValidate
                          disabled={busy}
                          className="chip-remove"
                          aria-label={`Remove ${formatLocalShowTime(time)}`}
                        >
                          ×
                        </button>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
          {times.map((time, index) => (
            <input key={time} type="hidden" name={`${fields.times.name}[${index}]`} value={time} />
          ))}
          <p id={fields.times.errorId} className="field-error">
            {fields.times.errors?.[0]}
          </p>
        </fieldset>

        <fieldset className="add-show-step">
          <legend>Review</legend>
          <dl className="review">
            <dt>Movie</dt>
            <dd>{movie?.title ?? "Not selected"}</dd>
            <dt>Price</dt>
            <dd>{validPrice ? formatMoney(priceToCents(price), currency) : "Not set"}</dd>
            <dt>Shows</dt>
            <dd>{times.length ? `${plural(times.length, "show")} on ${plural(days.length, "date")}` : "None yet"}</dd>
          </dl>
          <button
            type="submit"
            name="intent"
            value={CREATE_SHOW}
            className="button button-large"
            disabled={hydrated && (busy || !(movieId && price && times.length > 0))}
          >
            Create Show
          </button>
        </fieldset>
      </fetcher.Form>
    </>
  );
}
