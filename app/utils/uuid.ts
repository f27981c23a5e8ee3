/** Whether a value from a URL or a form is a UUID, as our ids are: anything else names no row, and is not asked. */
export function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
