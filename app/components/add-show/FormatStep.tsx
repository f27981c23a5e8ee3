import type { FieldMetadata } from "@conform-to/react";
import { FormField } from "~/components/FormField";
import { AUDIO_DESCRIBED, PROJECTIONS, STANDARD_FORMAT, SUBTITLED } from "~/domain/show-format";

type Props = {
  projection: FieldMetadata<string>;
  subtitled: FieldMetadata<boolean>;
  audioDescribed: FieldMetadata<boolean>;
};

/** Add Shows' format of the new shows: one projection (2D unless changed), and subtitles and audio description. */
export function FormatStep({ projection, subtitled, audioDescribed }: Props) {
  const chosen = projection.initialValue ?? STANDARD_FORMAT.projection;
  return (
    <fieldset className="add-show-step">
      <legend>Format</legend>
      <fieldset className="hall-choices" aria-describedby={projection.errorId} key={projection.key}>
        <legend>Projection</legend>
        {PROJECTIONS.map((option) => (
          <label key={option} className="choice">
            <input type="radio" name={projection.name} value={option} defaultChecked={chosen === option} />
            <span>{option}</span>
          </label>
        ))}
        <p id={projection.errorId} className="field-error">
          {projection.errors?.[0]}
        </p>
      </fieldset>
      <FormField meta={subtitled} label={SUBTITLED} type="checkbox" />
      <FormField meta={audioDescribed} label={AUDIO_DESCRIBED} type="checkbox" />
    </fieldset>
  );
}
