import { useEffect, type RefObject } from "react";

/**
 * Shows `value` in an uncontrolled form field when it changes from elsewhere (a chip, Reset Filters,
 * the back button), but never while the user is typing in that field.
 */
export function useSyncedField(field: RefObject<HTMLInputElement | HTMLSelectElement>, value: string) {
  useEffect(() => {
    const element = field.current;
    if (element && element !== document.activeElement && element.value !== value) element.value = value;
  }, [field, value]);
}
