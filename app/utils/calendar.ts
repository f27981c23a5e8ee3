// An iCalendar file (RFC 5545) of one event, as calendar apps import it: lines end in CRLF, are folded at 75 octets,
// and text values escape what the format gives a meaning. It is an iTIP message (RFC 5546) of its organizer: PUBLISH
// puts the event in a calendar (or replaces the copy of a lower SEQUENCE), CANCEL takes it out.

/** PUBLISH: the event as it is now. CANCEL: the event no longer takes place. */
export type CalendarMethod = "PUBLISH" | "CANCEL";

export type CalendarEvent = {
  /** Stays the same for the same thing, so importing the file again updates the event rather than adding one. */
  uid: string;
  /** Grows with each change of the event: a calendar keeps the copy of the highest. */
  sequence: number;
  /** Who publishes the event (iTIP requires one): a name (or none) and a mail address. */
  organizer: { name: string; address: string };
  start: Date;
  end: Date;
  /** When this copy of the event was made: of two of one SEQUENCE, a calendar keeps the newer. */
  stamp: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
};

const MAX_LINE_OCTETS = 75;
const utf8 = new TextEncoder();

/** A TEXT value: backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeCalendarText(value: string) {
  return value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r?\n/g, "\\n");
}

/** A content line folded into lines of at most 75 octets, each after the first starting with a space. */
export function foldCalendarLine(line: string) {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  // By code point, so a character of several UTF-8 octets is never cut in two.
  for (const char of line) {
    const size = utf8.encode(char).length;
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n");
}

/** A UTC date-time, `20261129T193000Z`. */
export const calendarTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** A parameter value, quoted: a name may hold the characters that end one (`;`, `:`, `,`), but never a quote. */
const quotedParameter = (value: string) => `"${value.replace(/["\p{Cc}]/gu, "")}"`;

/** The file of one event; `productId` names who made it, as PRODID. */
export function calendarFile(event: CalendarEvent, productId: string, method: CalendarMethod = "PUBLISH") {
  const { name, address } = event.organizer;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${productId}`,
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    `ORGANIZER${name ? `;CN=${quotedParameter(name)}` : ""}:mailto:${address}`,
    `DTSTAMP:${calendarTime(event.stamp)}`,
    `DTSTART:${calendarTime(event.start)}`,
    `DTEND:${calendarTime(event.end)}`,
    `SUMMARY:${escapeCalendarText(event.summary)}`,
    `LOCATION:${escapeCalendarText(event.location)}`,
    `DESCRIPTION:${escapeCalendarText(event.description)}`,
    `URL:${event.url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldCalendarLine).join("\r\n")}\r\n`;
}
