import { describe, expect, it } from "vitest";
import {
  dayParts,
  formatRating,
  formatRuntime,
  formatVoteCount,
  genreLine,
  languageBadge,
  releaseYear,
  shortenText,
} from "~/utils/format";

describe("formatters", () => {
  const RUNTIMES = { 125: "2h 5m", 120: "2h 0m", 59: "0h 59m", 0: "0h 0m", 89.6: "1h 30m" };
  it.each(Object.entries(RUNTIMES))("shows a runtime of %s minutes as %s", (minutes, text) => {
    expect(formatRuntime(Number(minutes))).toBe(text);
  });

  const VOTE_COUNTS = { 999: "999", 1000: "1.0k", 1234: "1.2k", 15876: "15.9k", 0: "0" };
  it.each(Object.entries(VOTE_COUNTS))("shows %s votes as %s: thousands with one decimal from 1000", (count, text) => {
    expect(formatVoteCount(Number(count))).toBe(text);
  });

  it("rounds the rating to one decimal", () => {
    expect(formatRating(7.456)).toBe("7.5");
    expect(formatRating(8)).toBe("8.0");
  });

  it("cuts a character name at 15 characters plus dots", () => {
    expect(shortenText("Captain Eleanor Whitfield", 15)).toBe("Captain Eleanor...");
    expect(shortenText("Exactly15Chars!", 15)).toBe("Exactly15Chars!");
    expect(shortenText("Sixteen chars!!!", 15)).toBe("Sixteen chars!!...");
    expect(shortenText("Commander Asha Rathore", 15)).toBe("Commander Asha..."); // no space before the dots
  });

  it("cuts a description before the first word that does not fit", () => {
    expect(shortenText("A botanist discovers why", 16, { wholeWords: true })).toBe("A botanist...");
    expect(shortenText("A botanist discovers why", 20, { wholeWords: true })).toBe("A botanist discovers...");
    expect(shortenText("A botanist discovers why", 24, { wholeWords: true })).toBe("A botanist discovers why");
    expect(shortenText("Supercalifragilistic", 5, { wholeWords: true })).toBe("Super..."); // one long word is cut
  });

  it("joins the first two genres with a bar", () => {
    expect(genreLine([{ name: "Action" }, { name: "Drama" }, { name: "War" }])).toBe("Action | Drama");
    expect(genreLine([{ name: "Drama" }])).toBe("Drama");
    expect(genreLine([])).toBe("");
  });

  it("names the language, falling back to ENGLISH", () => {
    expect(languageBadge(null)).toBe("ENGLISH");
    expect(languageBadge("en")).toBe("ENGLISH");
    expect(languageBadge("fr")).toBe("FRENCH");
    expect(languageBadge("ja")).toBe("JAPANESE");
    expect(languageBadge("")).toBe("ENGLISH");
    expect(languageBadge("not a language")).toBe("NOT A LANGUAGE");
  });

  it("splits dates for the date strip", () => {
    expect(releaseYear("2024-10-25")).toBe("2024");
    expect(dayParts("2026-11-24")).toEqual({ weekday: "Tue", day: "24", month: "Nov" });
  });
});
