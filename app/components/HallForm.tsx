import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { isRow, isSeatCell, SEAT_TYPE_NAMES, type HallLayout } from "~/domain/hall-layout";
import { layoutText, nextPlaceKind, readLayout } from "~/domain/hall-layout-text";
import { extraLabel, hallSchema, PREVIEW, PRICED_TYPES, SAVE } from "~/schemas/hall";
import { minorUnitDigits } from "~/utils/money";
import { FormErrors, FormField } from "./FormField";
import { HallPlan, ScaledHall } from "./SeatGrid";

type Props = {
  defaults: Record<string, string | boolean>;
  currency: string;
  /** The form's answer: its messages, and after Preview the layout it read. */
  lastResult: (SubmissionResult<string[]> & { preview?: HallLayout }) | undefined;
};

/**
 * The hall editor: a name, the rows as text (one line a row: its letter, then its places), the price difference of
 * each seat type, and whether new shows may use it. The rows are drawn as a grid of buttons that change a seat's kind:
 * with JavaScript in place, the text following; without, each press posts the form and the page comes back changed.
 * Preview draws the seats as customers will see them; with JavaScript the drawing follows the text as it is typed.
 */
export function HallForm({ defaults, currency, lastResult }: Props) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: hallSchema(currency) }),
    shouldValidate: "onBlur",
  });
  const [typed, setTyped] = useState<string | null>(null);
  const step = String(10 ** -minorUnitDigits(currency));
  const { key, ...layoutProps } = getTextareaProps(fields.layout);
  const text = typed ?? (typeof fields.layout.initialValue === "string" ? fields.layout.initialValue : "");
  const read = readLayout(text);
  const editable = read.layout;
  // What staff type is previewed as they type, once it is a hall; until then, what the server last drew.
  const preview =
    typed === null ? (lastResult?.preview ?? null) : read.layout && read.problems.length === 0 ? read.layout : null;
  const changePlace = (line: number, column: number) => {
    const changed = editable && nextPlaceKind(editable, line, column);
    if (!changed) return;
    const written = layoutText(changed);
    form.update({ name: fields.layout.name, value: written });
    setTyped(written);
  };
  return (
    <Form method="post" {...getFormProps(form)} className="hall-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormField meta={fields.name} label="Name" type="text" />
      <div className="field">
        <label htmlFor={fields.layout.id}>Rows</label>
        <p id={`${fields.layout.id}-help`} className="field-note">
          One line a row: its letter, then its places from left to right. A number is a seat (the number printed on it);
          P, W or C before it makes it a premium seat, a wheelchair space or a companion seat (next to a wheelchair
          space). &quot;.&quot; is an empty gap, &quot;|&quot; an aisle, and a line of &quot;--&quot; a walkway between
          blocks of rows.
        </p>
        <textarea
          key={key}
          {...layoutProps}
          aria-describedby={`${fields.layout.id}-help ${fields.layout.errorId}`}
          rows={14}
          spellCheck={false}
          className="layout-text"
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <ul id={fields.layout.errorId} className="field-error">
          {fields.layout.errors?.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
      <fieldset className="hall-prices">
        <legend>Seat prices, on top of the show&apos;s price ({currency})</legend>
        {PRICED_TYPES.map((type) => (
          <FormField
            key={type}
            meta={fields[`${type}Extra`]}
            label={extraLabel(type)}
            type="number"
            attributes={{ step, min: "0", inputMode: "decimal" }}
          />
        ))}
      </fieldset>
      <FormField meta={fields.inUse} label="In use: new shows can be scheduled here" type="checkbox" />
      <div className="hall-actions">
        <button type="submit" name="intent" value={PREVIEW} className="button button-ghost" formNoValidate>
          Preview
        </button>
        <button type="submit" name="intent" value={SAVE} className="button" disabled={submitting}>
          {submitting ? "Saving..." : "Save Hall"}
        </button>
      </div>
      {/* After the buttons: Enter in a field presses the form's first button, which must stay Preview. */}
      {editable ? <SeatKindGrid layout={editable} onChange={changePlace} /> : null}
      {preview ? (
        <section className="hall-preview" aria-label="Preview of the seats">
          <ScaledHall layout={preview}>
            <div className="screen" aria-hidden="true">
              <span>Screen</span>
            </div>
            <HallPlan layout={preview} />
          </ScaledHall>
        </section>
      ) : null}
    </Form>
  );
}

const KIND_NAMES = { ...SEAT_TYPE_NAMES, gap: "gap" };

/**
 * The rows as buttons, one a seat or gap, named with its place and kind ("Row B, seat 4, premium seat"). Pressed, one
 * changes to the next kind (standard, premium, wheelchair space, companion, gap, standard again). A button posts the
 * form without JavaScript; with it, `onChange` changes the rows in place.
 */
function SeatKindGrid({ layout, onChange }: { layout: HallLayout; onChange: (line: number, column: number) => void }) {
  return (
    <fieldset className="seat-kinds" aria-describedby="seat-kinds-help">
      <legend>Seats</legend>
      <p id="seat-kinds-help" className="field-note">
        Press a seat to change its kind: standard, premium, wheelchair space, companion seat, gap, then standard again.
        The rows above change with it.
      </p>
      <ScaledHall layout={layout}>
        <div className="seat-blocks">
          {layout.lines.map((line, lineIndex) =>
            isRow(line) ? (
              <div key={line.row} className="seat-row">
                <span className="seat-row-label" aria-hidden="true">
                  {line.row}
                </span>
                {line.cells.map((cell, column) => {
                  if (!isSeatCell(cell) && cell.space === "aisle")
                    return <span key={column} className="seat-aisle" aria-hidden="true" />;
                  const kind = isSeatCell(cell) ? cell.type : "gap";
                  const where = isSeatCell(cell) ? `seat ${cell.seat}` : `place ${column + 1}`;
                  return (
                    <button
                      key={column}
                      type="submit"
                      name="seat"
                      value={`${lineIndex}:${column}`}
                      formNoValidate
                      className={`seat seat-kind seat-kind-${kind}${isSeatCell(cell) ? ` seat-type-${kind}` : ""}`}
                      aria-label={`Row ${line.row}, ${where}, ${KIND_NAMES[kind]}`}
                      onClick={(event) => {
                        event.preventDefault();
                        onChange(lineIndex, column);
                      }}
                    >
                      <span aria-hidden="true">{isSeatCell(cell) ? cell.seat : ""}</span>
                    </button>
                  );
                })}
              </div>
            ) : (
              <div key={`walkway-${lineIndex}`} className="seat-walkway" aria-hidden="true" />
            ),
          )}
        </div>
      </ScaledHall>
    </fieldset>
  );
}
