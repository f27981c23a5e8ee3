import { Form } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { QrScanner } from "./QrScanner";

/**
 * The door's form for the next ticket: a typed code or reference, or with a camera a scanned QR code. Find Ticket
 * (and a scan) opens the ticket's page with a GET; with `offerCheckIn`, Check In, the larger button and the one Enter
 * presses, lets the typed ticket in at once, in one tap. `takeFocus` puts the cursor in it with JavaScript, ready for
 * the next ticket.
 */
export function TicketCodeForm({
  typed = "",
  error = null,
  takeFocus,
  offerCheckIn,
}: {
  typed?: string;
  error?: string | null;
  takeFocus: boolean;
  offerCheckIn: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (takeFocus) input.current?.focus();
  }, [takeFocus]);
  const submitScanned = useCallback((code: string) => {
    if (!input.current) return;
    input.current.value = code;
    form.current?.requestSubmit();
  }, []);
  return (
    <>
      <Form method="get" action="/admin/check-in" className="filters" ref={form}>
        <div className="field field-search">
          <label htmlFor="ticket-code">Ticket code or booking reference</label>
          <input
            id="ticket-code"
            ref={input}
            name="code"
            key={typed}
            defaultValue={typed}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby="ticket-code-error"
          />
          <p id="ticket-code-error" className="field-error">
            {error}
          </p>
        </div>
        {offerCheckIn ? (
          <button
            type="submit"
            formMethod="post"
            formAction="/admin/check-in?index"
            className="button button-large door-check-in"
          >
            Check In
          </button>
        ) : null}
        <button type="submit" className={offerCheckIn ? "button button-ghost" : "button"}>
          Find Ticket
        </button>
      </Form>
      <QrScanner onCode={submitScanned} />
    </>
  );
}
