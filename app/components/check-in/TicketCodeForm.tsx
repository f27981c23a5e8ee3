import { Form } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { QrScanner } from "./QrScanner";

/**
 * The door's form for the next ticket: a typed code or reference, or with a camera a scanned QR code, sent the same
 * way (a GET to Check In). `takeFocus` puts the cursor in it with JavaScript, ready for the next ticket.
 */
export function TicketCodeForm({
  typed = "",
  error = null,
  takeFocus,
}: {
  typed?: string;
  error?: string | null;
  takeFocus: boolean;
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
        <button type="submit" className="button">
          Find Ticket
        </button>
      </Form>
      <QrScanner onCode={submitScanned} />
    </>
  );
}
