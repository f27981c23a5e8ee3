import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { describeFormat, PROJECTIONS, STANDARD_FORMAT } from "~/domain/show-format";
import type { MovieChoice } from "~/domain/staff";
import type { OfferedType } from "~/domain/tickets";
import { useHydrated } from "~/hooks/use-hydrated";
import { addShowSchema, isShowTime, priceProblem } from "~/schemas/add-show";
import { formatAmount, toMinorUnits } from "~/utils/money";
import { FormatStep } from "./add-show/FormatStep";
import { MovieStep } from "./add-show/MovieStep";
import { PriceStep } from "./add-show/PriceStep";
import { ReviewStep } from "./add-show/ReviewStep";
import type { HallDayShows } from "./add-show/HallDay";
import { byDay, ScheduleStep } from "./add-show/ScheduleStep";
import { FormErrors } from "./FormField";

const STEPS = ["Select Movie", "Set Price", "Schedule", "Review"];
const SEARCH_FORM = "movie-search";

/**
 * What a step answers: the form, for a time the clocks repeat its two occurrences to choose from, and the chosen
 * hall's shows on the day of the time.
 */
type AddShowResult = SubmissionResult<string[]> & { timeChoices?: string[]; hallDay?: HallDayShows | null };

type Props = {
  movies: MovieChoice[];
  halls: { id: string; name: string; seatCount: number }[];
  ticketTypes: OfferedType[];
  matching: number;
  search: string;
  currency: string;
  timeZone: string;
  actionData: AddShowResult | undefined;
};

/**
 * Add Shows: pick a movie, set the prices, list the show times, create. Add Time and each remove button post the form
 * (the server checks the time and answers the new list, kept in hidden inputs), so it works without JavaScript too.
 * With JavaScript the form posts through a fetcher: the page stays as it is (focus, the movie search) while the
 * list changes, and Create Show's redirect starts a new page.
 */
export function AddShowForm({ movies, halls, ticketTypes, matching, search, currency, timeZone, actionData }: Props) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<AddShowResult>();
  const lastResult = fetcher.data ?? actionData;
  // One step at a time: a second post would cancel the first, and its answer with it.
  const busy = fetcher.state !== "idle";
  const [query, setQuery] = useState(search);
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addShowSchema(currency) }),
    defaultValue: {
      priceTypes: ticketTypes.map((type) => type.id),
      prices: ticketTypes.map((type) => formatAmount(type.priceCents, currency)),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const movieId = fields.movieId.value;
  const typed = fields.prices.value ?? [];
  const prices = (Array.isArray(typed) ? typed : [typed]).map((price) => price ?? "");
  const validPrices =
    prices.length === ticketTypes.length && prices.every((price) => price !== "" && !priceProblem(price, currency));
  const listed = fields.times.value ?? [];
  const times = (Array.isArray(listed) ? listed : [listed]).filter((t): t is string => !!t && isShowTime(t));
  const step = !movieId ? 0 : !validPrices ? 1 : times.length === 0 || !fields.hallId.value ? 2 : 3;
  const hallDay = useHallDay(fields.hallId.value, fields.time.value) ?? lastResult?.hallDay ?? null;

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
        <MovieStep
          field={fields.movieId}
          movies={movies}
          matching={matching}
          search={search}
          query={query}
          onQuery={setQuery}
          searchForm={SEARCH_FORM}
        />
        <PriceStep
          types={ticketTypes}
          prices={fields.prices}
          priceTypes={fields.priceTypes}
          currency={currency}
          legend="Set Price"
          note={
            <>
              From the price list; a change here is for these shows only.{" "}
              <a href="/admin/prices">Edit the price list</a>
            </>
          }
        />
        <ScheduleStep
          hall={fields.hallId}
          halls={halls}
          hallDay={hallDay}
          time={fields.time}
          times={fields.times}
          listed={times}
          timeChoices={lastResult?.timeChoices}
          timeZone={timeZone}
          repeat={{
            clock: fields.repeatClock,
            from: fields.repeatFrom,
            until: fields.repeatUntil,
            weekdays: fields.repeatDays,
          }}
          busy={busy}
          hydrated={hydrated}
        />
        <FormatStep
          projection={fields.projection}
          subtitled={fields.subtitled}
          audioDescribed={fields.audioDescribed}
        />
        <ReviewStep
          movieTitle={movies.find((m) => m.id === movieId)?.title ?? null}
          prices={
            validPrices
              ? ticketTypes.map((type, index) => ({ name: type.name, cents: toMinorUnits(prices[index], currency) }))
              : null
          }
          currency={currency}
          format={describeFormat({
            projection: PROJECTIONS.find((p) => p === fields.projection.value) ?? STANDARD_FORMAT.projection,
            subtitled: fields.subtitled.value === "on",
            audioDescribed: fields.audioDescribed.value === "on",
          })}
          showCount={times.length}
          dayCount={byDay(times).length}
          hallName={halls.find((h) => h.id === fields.hallId.value)?.name ?? null}
          disabled={hydrated && (busy || !(movieId && validPrices && fields.hallId.value && times.length > 0))}
        />
      </fetcher.Form>
    </>
  );
}

/**
 * With JavaScript: the chosen hall's shows on the typed day, asked for whenever either changes. A plain fetch, not a
 * Remix fetcher: the hall-day route is found by Remix's lazy route discovery, and a discovery that an Add Time post
 * interrupts fails the fetcher with a 404 that replaces the whole page; a failed fetch here only leaves the day out.
 */
export function useHallDay(hallId: string | undefined, time: string | undefined) {
  const day = time && /^\d{4}-\d{2}-\d{2}/.test(time) ? time.slice(0, 10) : "";
  const [loaded, setLoaded] = useState<{ key: string; hallDay: HallDayShows | null }>();
  const key = hallId && day ? `${hallId} ${day}` : "";
  useEffect(() => {
    if (!hallId || !day) return;
    const controller = new AbortController();
    fetch(`/admin/hall-day?${new URLSearchParams({ hall: hallId, day })}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { hallDay: HallDayShows | null } | null) => {
        if (body) setLoaded({ key: `${hallId} ${day}`, hallDay: body.hallDay });
      })
      .catch(() => {});
    return () => controller.abort();
  }, [hallId, day]);
  return key && loaded?.key === key ? loaded.hallDay : undefined;
}
