import { useEffect, useRef } from "react";

/**
 * A ref for an uncontrolled form field that shows `value` when it changes from elsewhere (a chip, Reset Filters,
 * the back button), but never while the user is typing in that field.
 */
export function useSyncedField<Field extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const field = useRef<Field>(null);
  useEffect(() => {
    const element = field.current;
    if (element && element !== document.activeElement && element.value !== value) element.value = value;
  }, [value]);
  return field;
}

/** The same for a checkbox: it shows `checked` when that changes from elsewhere (Clear filters, the back button). */
export function useSyncedCheckbox(checked: boolean) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.checked = checked;
  }, [checked]);
  return box;
}
