import type { FieldMetadata } from "@conform-to/react";
import { FormField } from "~/components/FormField";
import { HallDay, type HallDayShows } from "~/components/add-show/HallDay";
import { RepeatTimes } from "~/components/add-show/RepeatTimes";
import { ADD_TIME, chooseTimeIntent, removeIntent, SHOW_DAY, SHOW_TIME_RANGE } from "~/schemas/add-show";
import { formatLocalClock, formatLocalDay, formatLocalShowTime } from "~/utils/show-display";

type Props = {
  hall: FieldMetadata<string>;
  halls: { id: string; name: string; seatCount: number }[];
  /** The chosen hall's shows on the day of the typed time, when known. */
  hallDay: HallDayShows | null;
  time: FieldMetadata<string>;
  times: FieldMetadata<string[]>;
  /** The listed times, valid and in the order they happen. */
  listed: string[];
  /** For a time the clocks repeat: its two occurrences, to choose one. */
  timeChoices: string[] | undefined;
  timeZone: string;
  /** The repeat's fields: a time of day, two dates, the weekdays. */
  repeat: {
    clock: FieldMetadata<string>;
    from: FieldMetadata<string>;
    until: FieldMetadata<string>;
    weekdays: FieldMetadata<string[]>;
  };
  /** Another step is on its way (with JavaScript): its buttons wait. */
  busy: boolean;
  hydrated: boolean;
};

const OCCURRENCES = ["first", "second"];

/** The show times of a list by cinema day: [["2026-05-01", [...]], ...]. */
export function byDay(times: string[]) {
  const days = new Map<string, string[]>();
  for (const time of times) days.set(time.slice(0, 10), [...(days.get(time.slice(0, 10)) ?? []), time]);
  return [...days];
}

/**
 * Add Shows' third step: a date and time, Add Time, and the list so far with a remove button each. Every button
 * posts the form and the server answers the new list, kept in hidden inputs, so it works without JavaScript.
 */
export function ScheduleStep(props: Props) {
  const { hall, halls, hallDay, time, times, listed, timeChoices, timeZone, repeat, busy, hydrated } = props;
  const days = byDay(listed);
  return (
    <fieldset className="add-show-step">
      <legend>Schedule</legend>
      <fieldset className="hall-choices" aria-describedby={hall.errorId} key={hall.key}>
        <legend>Hall</legend>
        {halls.map((option) => (
          <label key={option.id} className="choice">
            <input type="radio" name={hall.name} value={option.id} defaultChecked={hall.initialValue === option.id} />
            <span>{option.name}</span>
            <small>{option.seatCount} seats</small>
          </label>
        ))}
        <p id={hall.errorId} className="field-error">
          {hall.errors?.[0]}
        </p>
      </fieldset>
      <div className="add-time">
        <FormField meta={time} label="Date and time" type="datetime-local" attributes={SHOW_TIME_RANGE} />
        <button
          type="submit"
          name="intent"
          value={ADD_TIME}
          formNoValidate
          className="button button-ghost"
          disabled={hydrated && (busy || !time.value)}
        >
          Add Time
        </button>
        {hydrated ? null : (
          <button type="submit" name="intent" value={SHOW_DAY} formNoValidate className="button button-ghost">
            Show the hall&apos;s day
          </button>
        )}
      </div>
      <RepeatTimes {...repeat} busy={busy} />
      {hallDay ? <HallDay hallDay={hallDay} timeZone={timeZone} /> : null}
      {timeChoices ? (
        <div className="time-choices" role="group" aria-label="Which one?">
          {timeChoices.map((choice, index) => (
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
                {dayTimes.map((listedTime) => (
                  <li key={listedTime}>
                    <span>{formatLocalClock(listedTime, timeZone)}</span>
                    <button
                      type="submit"
                      name="intent"
                      value={removeIntent(listedTime)}
                      formNoValidate
                      disabled={busy}
                      className="chip-remove"
                      aria-label={`Remove ${formatLocalShowTime(listedTime, timeZone)}`}
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
      {listed.map((listedTime, index) => (
        <input key={listedTime} type="hidden" name={`${times.name}[${index}]`} value={listedTime} />
      ))}
      <p id={times.errorId} className="field-error">
        {Object.values(times.allErrors).flat()[0]}
      </p>
    </fieldset>
  );
}
