// A cell a spreadsheet would run as a formula (OWASP's list of first characters), however it was typed.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, with quotes doubled. Text that a
 * spreadsheet would read as a formula gets a leading apostrophe, so it shows as the text it is.
 */
export function csvCell(value: string) {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as a CSV file: CRLF line ends, and a byte order mark so spreadsheets read it as UTF-8. */
export function toCsv(rows: string[][]) {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
