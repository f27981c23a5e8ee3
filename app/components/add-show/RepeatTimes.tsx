import type { FieldMetadata } from "@conform-to/react";
import { FormField } from "~/components/FormField";
import { SHOW_TIME_RANGE } from "~/schemas/add-show";
import { REPEAT_SHOWS, WEEKDAYS } from "~/schemas/show-repeat";

type Props = {
  clock: FieldMetadata<string>;
  from: FieldMetadata<string>;
  until: FieldMetadata<string>;
  weekdays: FieldMetadata<string[]>;
  busy: boolean;
};

const DAY_RANGE = { min: SHOW_TIME_RANGE.min.slice(0, 10), max: SHOW_TIME_RANGE.max.slice(0, 10) };

/**
 * One time of day on every day, or on the weekdays ticked, between two dates: Repeat posts the form and the server
 * lists every time, or refuses them all and names each clash.
 */
export function RepeatTimes({ clock, from, until, weekdays, busy }: Props) {
  const chosen = [weekdays.initialValue ?? []].flat();
  return (
    <fieldset className="repeat-times">
      <legend>Repeat a time</legend>
      <div className="repeat-fields">
        <FormField meta={clock} label="Time of day" type="time" />
        <FormField meta={from} label="From" type="date" attributes={DAY_RANGE} />
        <FormField meta={until} label="Until" type="date" attributes={DAY_RANGE} />
      </div>
      <fieldset className="weekday-choices" aria-describedby={`${weekdays.id}-note`} key={weekdays.key}>
        <legend>On</legend>
        <p id={`${weekdays.id}-note`} className="field-note">
          Tick none for every day.
        </p>
        {WEEKDAYS.map((weekday) => (
          <label key={weekday.value} className="choice">
            <input
              type="checkbox"
              name={weekdays.name}
              value={weekday.value}
              defaultChecked={chosen.includes(weekday.value)}
            />
            <span>{weekday.name}</span>
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        name="intent"
        value={REPEAT_SHOWS}
        formNoValidate
        className="button button-ghost"
        disabled={busy}
      >
        Add repeated times
      </button>
    </fieldset>
  );
}
