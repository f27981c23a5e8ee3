import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  filmSchema,
  readTrailerAddress,
  RELEASE_DATE_INVALID,
  RUNTIME_RANGE,
  TITLE_REQUIRED,
  TRAILER_INVALID,
} from "~/schemas/film";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  const filled = { title: "Harbour Lights", runtimeMinutes: "104", releaseDate: "2027-03-05", originalLanguage: "en" };
  for (const [name, value] of Object.entries({ ...filled, ...fields })) data.append(name, value);
  return parseWithZod(data, { schema: filmSchema });
};
const errors = (fields: Record<string, string>) => {
  const submission = form(fields);
  return submission.status === "error" ? submission.error : null;
};

describe("filmSchema", () => {
  it("takes a film with its cast rows, genres and a trailer address", () => {
    const submission = form({
      "castName[0]": "Ada Quill",
      "castCharacter[0]": "Nell",
      genres: "Drama",
      newGenre: "Harbour Noir",
      trailer: "https://youtu.be/dQw4w9WgXcQ",
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      runtimeMinutes: 104,
      castName: ["Ada Quill"],
      genres: ["Drama"],
      newGenre: "Harbour Noir",
    });
  });

  it("refuses a missing title, a runtime of 0 or 10,000, a release date in year 0000, beside each field", () => {
    expect(errors({ title: "" })).toEqual({ title: [TITLE_REQUIRED] });
    expect(errors({ runtimeMinutes: "0" })).toEqual({ runtimeMinutes: [RUNTIME_RANGE] });
    expect(errors({ runtimeMinutes: "10000" })).toEqual({ runtimeMinutes: [RUNTIME_RANGE] });
    expect(errors({ releaseDate: "0000-01-01" })).toEqual({ releaseDate: [RELEASE_DATE_INVALID] });
    expect(errors({ releaseDate: "2027-02-30" })).toEqual({ releaseDate: [RELEASE_DATE_INVALID] });
    expect(errors({ trailer: "https://example.com/trailer.mp4" })).toEqual({ trailer: [TRAILER_INVALID] });
    expect(errors({ "castCharacter[1]": "Nell" })).toEqual({
      "castName[1]": ["Please enter the name of the actor, or clear the character too."],
    });
  });
});

describe("readTrailerAddress", () => {
  it("reads YouTube and Vimeo addresses, and nothing else", () => {
    expect(readTrailerAddress("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10")).toEqual({
      kind: "youtube",
      id: "dQw4w9WgXcQ",
    });
    expect(readTrailerAddress("https://vimeo.com/76979871")).toEqual({ kind: "vimeo", id: "76979871" });
    expect(readTrailerAddress("https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(readTrailerAddress("javascript:alert(1)")).toBeNull();
  });
});
