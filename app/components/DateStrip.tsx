import { Form, Link } from "@remix-run/react";
import type { FormEvent } from "react";
import { SELECT_DATE_MESSAGE } from "~/domain/booking-steps";
import type { ShowDay } from "~/domain/show";
import { dayParts } from "~/utils/format";
import { showToast } from "./Toaster";

type Props = { days: ShowDay[]; page: number; pageCount: number; selected?: string };

function pageLink(page: number) {
  return `?dates=${page}#dates`;
}

/** Radio buttons for the show days and a Continue button: a plain form that the server checks too. */
export function DateStrip({ days, page, pageCount, selected }: Props) {
  const checkDate = (event: FormEvent<HTMLFormElement>) => {
    if (!new FormData(event.currentTarget).get("date")) {
      event.preventDefault();
      showToast({ type: "error", message: SELECT_DATE_MESSAGE });
    }
  };
  return (
    <section id="dates" className="date-strip" aria-labelledby="dates-title">
      <h2 id="dates-title">Choose Date</h2>
      {days.length === 0 ? (
        <p className="empty-note">No upcoming shows for this movie.</p>
      ) : (
        <Form method="post" onSubmit={checkDate} className="date-form">
          <div className="date-pager">
            {page > 1 ? (
              <Link to={pageLink(page - 1)} preventScrollReset className="icon-button" aria-label="Previous dates">
                ‹
              </Link>
            ) : (
              <span className="icon-button" aria-hidden="true">
                ‹
              </span>
            )}
            <fieldset className="date-options">
              <legend className="visually-hidden">Show date</legend>
              {days.map(({ day }) => {
                const parts = dayParts(day);
                return (
                  <label key={day} className="date-option">
                    <input type="radio" name="date" value={day} defaultChecked={day === selected} />
                    <span className="visually-hidden">{`${parts.weekday} ${parts.day} ${parts.month}`}</span>
                    <span aria-hidden="true">
                      <small>{parts.weekday}</small>
                      <strong>{parts.day}</strong>
                      <small>{parts.month}</small>
                    </span>
                  </label>
                );
              })}
            </fieldset>
            {page < pageCount ? (
              <Link to={pageLink(page + 1)} preventScrollReset className="icon-button" aria-label="Next dates">
                ›
              </Link>
            ) : (
              <span className="icon-button" aria-hidden="true">
                ›
              </span>
            )}
          </div>
          <input type="hidden" name="dates" value={page} />
          <button type="submit" className="button">
            Continue
          </button>
        </Form>
      )}
    </section>
  );
}
