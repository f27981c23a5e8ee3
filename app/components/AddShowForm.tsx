import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { MovieChoice } from "~/models/show-admin.server";
import {
  ADD_TIME,
  addShowSchema,
  chooseTimeIntent,
  CREATE_SHOW,
  isShowTime,
  MAX_PRICE_MINOR_UNITS,
  priceProblem,
  removeIntent,
  SHOW_TIME_RANGE,
} from "~/schemas/add-show";
import { formatRuntime, plural } from "~/utils/format";
import { formatAmount, formatMoney, minorUnitDigits, toMinorUnits } from "~/utils/money";
import { formatLocalClock, formatLocalDay, formatLocalShowTime } from "~/utils/show-display";
import { useHydrated } from "~/utils/use-hydrated";
import { FormErrors, FormField } from "./FormField";

const STEPS = ["Select Movie", "Set Price", "Schedule", "Review"];
const SEARCH_FORM = "movie-search";

/** What a step answers: the form, and for a time the clocks repeat, its two occurrences to choose from. */
type AddShowResult = SubmissionResult<string[]> & { timeChoices?: string[] };

type Props = {
  movies: MovieChoice[];
  matching: number;
  search: string;
  currency: string;
  timeZone: string;
  actionData: AddShowResult | undefined;
};

/** The show times of a list (kept in the order they happen), by cinema day: [["2026-05-01", [...]], ...]. */
function byDay(times: string[]) {
  const days = new Map<string, string[]>();
  for (const time of times) days.set(time.slice(0, 10), [...(days.get(time.slice(0, 10)) ?? []), time]);
  return [...days];
}

const OCCURRENCES = ["first", "second"];

/**
 * Add Shows: pick a movie, set a price, list the show times, create. Add Time and each remove button post the form
 * (the server checks the time and answers the new list, kept in hidden inputs), so it works without JavaScript too.
 * With JavaScript the form posts through a fetcher: the page stays as it is (focus, the movie search) while the
 * list changes, and Create Show's redirect starts a new page.
 */
export function AddShowForm({ movies, matching, search, currency, timeZone, actionData }: Props) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<AddShowResult>();
  const lastResult = fetcher.data ?? actionData;
  // One step at a time: a second post would cancel the first, and its answer with it.
  const busy = fetcher.state !== "idle";
  const [query, setQuery] = useState(search);
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addShowSchema(currency) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const movieId = fields.movieId.value;
  const price = fields.price.value ?? "";
  const validPrice = price !== "" && priceProblem(price, currency) === null;
  const listed = fields.times.value ?? [];
  const times = (Array.isArray(listed) ? listed : [listed]).filter((t): t is string => !!t && isShowTime(t));
  const days = byDay(times);
  const movie = movies.find((m) => m.id === movieId);
  const step = !movieId ? 0 : !validPrice ? 1 : times.length === 0 ? 2 : 3;
  const shown = movies.filter((m) => m.title.toLowerCase().includes(query.trim().toLowerCase()));
  // The smallest amount of the currency: 0.01 dollars, 1 yen.
  const priceStep = String(10 ** -minorUnitDigits(currency));

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
            attributes={{
              step: priceStep,
              min: priceStep,
              max: formatAmount(MAX_PRICE_MINOR_UNITS, currency),
              inputMode: "decimal",
            }}
          />
        </fieldset>

        <fieldset className="add-show-step">
          <legend>Schedule</legend>
          <div className="add-time">
            <FormField meta={fields.time} label="Date and time" type="datetime-local" attributes={SHOW_TIME_RANGE} />
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
          {lastResult?.timeChoices ? (
            <div className="time-choices" role="group" aria-label="Which one?">
              {lastResult.timeChoices.map((choice, index) => (
                <button
                  key={choice}
                  type="submit"
                  name="intent"
                  value={chooseTimeIntent(choice)}
                  formNoValidate
                  disabled={busy}
                  className="button button-ghost button-small"
                >
                  {`${formatLocalClock(choice, timeZone)} (${OCCURRENCES[index]})`}
                </button>
              ))}
            </div>
          ) : null}
          {days.length === 0 ? (
            <p className="empty-note">No show times yet.</p>
          ) : (
            <ul className="show-days" aria-label="Show times">
              {days.map(([day, dayTimes]) => (
                <li key={day}>
                  <h3>{formatLocalDay(day)}</h3>
                  <ul className="show-times">
                    {dayTimes.map((time) => (
                      <li key={time}>
                        <span>{formatLocalClock(time, timeZone)}</span>
                        <button
                          type="submit"
                          name="intent"
                          value={removeIntent(time)}
                          formNoValidate
                          disabled={busy}
                          className="chip-remove"
                          aria-label={`Remove ${formatLocalShowTime(time, timeZone)}`}
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
            {Object.values(fields.times.allErrors).flat()[0]}
          </p>
        </fieldset>

        <fieldset className="add-show-step">
          <legend>Review</legend>
          <dl className="review">
            <dt>Movie</dt>
            <dd>{movie?.title ?? "Not selected"}</dd>
            <dt>Price</dt>
            <dd>{validPrice ? formatMoney(toMinorUnits(price, currency), currency) : "Not set"}</dd>
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
