import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { ScaledHall, SeatGrid, SeatLegend } from "~/components/SeatGrid";
import { seatTypesOf, type HallLayout } from "~/domain/hall-layout";
import { useHydrated } from "~/hooks/use-hydrated";

type Reply = { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };

type Props = {
  showId: string;
  layout: HallLayout;
  occupied: string[];
  requestToken: string;
};

/**
 * The counter's seat form: the whole hall at touch size, every seat a checkbox as on the seat page, and the address
 * the tickets are mailed to if the customer gives one. Hold Seats posts it; the booking path decides.
 */
export function CounterSeatForm({ showId, layout, occupied, requestToken }: Props) {
  const reply = useActionData<Reply>();
  const posted = reply?.initialValue?.seats;
  // After a refusal, the seats posted that are still free stay chosen.
  const [selected, setSelected] = useState<string[]>(() =>
    Array.isArray(posted) ? (posted as string[]).filter((seat) => !occupied.includes(seat)) : [],
  );
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const errors = Object.entries(reply?.error ?? {});
  const formError = errors.find(([field]) => field !== "email")?.[1]?.[0];
  const emailError = reply?.error?.email?.[0];
  const taken = new Set(occupied);
  return (
    <Form method="post" className="counter-seats" aria-describedby="counter-seats-error">
      <input type="hidden" name="time" value={showId} />
      <input type="hidden" name="requestToken" value={requestToken} />
      <fieldset className="seat-map">
        <legend>Seats</legend>
        <SeatLegend types={seatTypesOf(layout)} extraPrice={() => null} />
        <ScaledHall layout={layout}>
          <SeatGrid
            layout={layout}
            occupied={taken}
            selected={selected}
            interactive={hydrated}
            onToggle={(seat, event) =>
              setSelected((now) => (event.target.checked ? [...now, seat] : now.filter((chosen) => chosen !== seat)))
            }
          />
        </ScaledHall>
      </fieldset>
      <div className="counter-seats-bar">
        <p id="counter-seats-error" className="field-error" role="alert">
          {formError}
        </p>
        <label htmlFor="counter-email">Customer&apos;s email, to mail the tickets (optional)</label>
        <input
          id="counter-email"
          name="email"
          type="email"
          autoComplete="off"
          maxLength={254}
          aria-invalid={emailError ? true : undefined}
          aria-describedby="counter-email-error"
        />
        <p id="counter-email-error" className="field-error" role="alert">
          {emailError}
        </p>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Holding..." : "Hold seats"}
        </button>
      </div>
    </Form>
  );
}
