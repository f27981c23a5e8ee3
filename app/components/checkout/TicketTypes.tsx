import { Form, useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { Booking } from "~/domain/booking";
import { CertificateBadge } from "~/components/CertificateBadge";
import { barredMessage, isBarred } from "~/domain/age-ratings";
import { countsOf, type ShowOffer } from "~/domain/tickets";
import { useHydrated } from "~/hooks/use-hydrated";
import { formatMoney } from "~/utils/money";

type Reply = { error?: Record<string, string[] | null> | null };

/** The first thing a refusal says, of the form or of any field: the step shows one message, above its button. */
const firstMessage = (reply: Reply | undefined) =>
  Object.values(reply?.error ?? {})
    .flat()
    .find((message): message is string => Boolean(message));

type Props = {
  booking: Pick<Booking, "id" | "tickets">;
  offer: ShowOffer;
  currency: string;
  /** The refusal of the last counts posted without JavaScript. */
  reply?: Reply;
  /** Where the counts are posted: the booking's tickets step unless said (the box office counter's own). */
  action?: string;
};

/**
 * How many tickets of each type a held booking has: a number per type the show sells, with its price and rule, and
 * what the film's certificate says of the types it bars or of children who must come with an adult. The server sets
 * the prices and the total. Without JavaScript, Update Tickets posts the counts. With it, a change posts
 * at once; changing any type but the first makes the first take up the difference, so the counts keep adding up to
 * the seats.
 */
export function TicketTypes({ booking, offer, currency, reply, action = `/my-bookings/${booking.id}/tickets` }: Props) {
  const { certificate } = offer;
  const offered = offer.types.filter((type) => !isBarred(type, certificate));
  const barred = offer.types.filter((type) => isBarred(type, certificate));
  const counts = countsOf(booking.tickets);
  const seatCount = booking.tickets.length;
  const hydrated = useHydrated();
  const fetcher = useFetcher<Reply>();
  const [chosen, setChosen] = useState(() => offered.map((type) => counts[type.id] ?? 0));
  const message = firstMessage(fetcher.data ?? reply);
  const errorId = "ticket-types-error";

  const choose = (index: number, count: number, form: HTMLFormElement | null) => {
    const next = [...chosen];
    next[index] = count;
    const rest = next.slice(1).reduce((sum, n) => sum + n, 0);
    if (index > 0 && seatCount - rest >= 0) next[0] = seatCount - rest;
    setChosen(next);
    if (!form) return;
    const body = new FormData(form);
    next.forEach((n, i) => body.set(`counts[${i}]`, String(n)));
    fetcher.submit(body, { method: "post", action });
  };

  const FormElement = hydrated ? fetcher.Form : Form;
  return (
    <FormElement method="post" action={action} className="ticket-types" aria-describedby={errorId}>
      <fieldset>
        <legend>Tickets</legend>
        <p className="field-note">
          Choose a type for each of your {seatCount === 1 ? "seat" : `${seatCount} seats`}; the total updates.
        </p>
        {certificate ? (
          <div className="ticket-types-rating" role="note">
            <p>
              <CertificateBadge code={certificate.code} description={certificate.description} />
            </p>
            {barred.map((type) => (
              <p key={type.id}>{barredMessage(type.name, certificate)}</p>
            ))}
          </div>
        ) : null}
        {offered.map((type, index) => (
          <div key={type.id} className="ticket-type">
            <input type="hidden" name={`types[${index}]`} value={type.id} />
            <label htmlFor={`ticket-type-${type.id}`}>
              {type.name} {formatMoney(type.priceCents, currency)}
            </label>
            {type.rule ? (
              <span id={`ticket-type-${type.id}-rule`} className="ticket-type-rule">
                {type.rule}
              </span>
            ) : null}
            <select
              id={`ticket-type-${type.id}`}
              name={`counts[${index}]`}
              aria-describedby={type.rule ? `ticket-type-${type.id}-rule` : undefined}
              {...(hydrated
                ? {
                    value: chosen[index],
                    onChange: (event) => choose(index, Number(event.target.value), event.target.form),
                  }
                : { defaultValue: counts[type.id] ?? 0 })}
            >
              {Array.from({ length: seatCount + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ))}
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
        <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
          Update tickets
        </button>
      </fieldset>
    </FormElement>
  );
}
