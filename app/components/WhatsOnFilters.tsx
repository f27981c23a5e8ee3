import { Form, Link, useSubmit } from "@remix-run/react";
import { useSyncedCheckbox, useSyncedField } from "~/hooks/use-synced-field";
import { AUDIO_DESCRIBED, PROJECTIONS, SUBTITLED } from "~/domain/show-format";
import { TIME_OF_DAY_NAMES, TIMES_OF_DAY } from "~/domain/time-of-day";
import { NO_FILTERS, whatsOnPath, type WhatsOnFilters as Filters } from "~/schemas/whats-on";

/**
 * The form's filters without those left at "Any", so the address names only what is chosen (the loader redirects a
 * form sent without JavaScript the same way; this spares the browser that round trip).
 */
function chosenFilters(form: HTMLFormElement) {
  const chosen = new FormData(form);
  for (const [name, value] of [...chosen]) if (value === "") chosen.delete(name);
  return chosen;
}

/**
 * What's On's filters: a GET form that keeps the day, so it works as is without JavaScript; with it, each change
 * applies at once (the button stays for keyboard users who look before they leap).
 */
export function WhatsOnFilters({ day, filters }: { day: string; filters: Filters }) {
  const submit = useSubmit();
  const time = useSyncedField<HTMLSelectElement>(filters.time);
  const format = useSyncedField<HTMLSelectElement>(filters.format);
  const wheelchair = useSyncedCheckbox(filters.wheelchair);
  const subtitled = useSyncedCheckbox(filters.subtitled);
  const described = useSyncedCheckbox(filters.described);
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  return (
    <Form
      method="get"
      className="filters whats-on-filters"
      aria-label="Filter shows"
      onChange={(event) => submit(chosenFilters(event.currentTarget), { replace: true, preventScrollReset: true })}
    >
      <input type="hidden" name="day" value={day} />
      <div className="field">
        <label htmlFor="whats-on-time">Time of day</label>
        <select id="whats-on-time" ref={time} name="time" defaultValue={filters.time}>
          <option value="">Any time</option>
          {TIME_OF_DAY_NAMES.map((name) => (
            <option key={name} value={name}>
              {TIMES_OF_DAY[name].label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="whats-on-format">Format</label>
        <select id="whats-on-format" ref={format} name="format" defaultValue={filters.format}>
          <option value="">Any format</option>
          {PROJECTIONS.map((projection) => (
            <option key={projection} value={projection}>
              {projection}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="whats-on-access">
        <legend>Accessible screenings</legend>
        <label>
          <input ref={wheelchair} type="checkbox" name="wheelchair" defaultChecked={filters.wheelchair} /> Wheelchair
          space free
        </label>
        <label>
          <input ref={subtitled} type="checkbox" name="subtitled" defaultChecked={filters.subtitled} /> {SUBTITLED}
        </label>
        <label>
          <input ref={described} type="checkbox" name="described" defaultChecked={filters.described} />{" "}
          {AUDIO_DESCRIBED}
        </label>
      </fieldset>
      <button type="submit" className="button">
        Apply Filters
      </button>
      {filtered ? (
        <Link to={whatsOnPath(day, NO_FILTERS)} className="text-link" preventScrollReset>
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}
