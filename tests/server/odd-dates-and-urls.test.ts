import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm, signedInStaff, startSite, type Site } from "./site";

// A cinema in a zone with daylight saving, so Add Shows meets times that do not exist or happen twice.
const ZONE = "America/New_York";

let site: Site;
let movieId: string;
let staff: string;

beforeAll(async () => {
  site = await startSite({ env: { CINEMA_TIMEZONE: ZONE } });
  const home = await (await fetch(site.url)).text();
  movieId = /href="\/movies\/(\d+)"/.exec(home)![1];
  staff = await signedInStaff(site);
});
afterAll(async () => {
  if (!site) return;
  expect(await site.stop()).toBe(0);
  fs.rmSync(site.dataDir, { recursive: true, force: true });
});

const get = (pathname: string) => fetch(site.url + pathname, { redirect: "manual" });

describe("a day in the URL outside the years shows are sold", () => {
  it.each(["0000-01-01", "1999-12-31", "2100-01-01", "9999-12-31"])("is a 404 page: %s", async (day) => {
    const page = await get(`/movies/${movieId}/${day}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Page not found");
    // What a browser with JavaScript asks for (single fetch).
    expect((await get(`/movies/${movieId}/${day}.data`)).status).toBe(404);
  });

  it("is refused when the seat form is posted to it, with nothing booked", async () => {
    const response = await postForm(site, `/movies/${movieId}/0000-01-01`, "time=x");
    expect(response.status).toBe(404);
  });

  it("an impossible or unreadable day still leads back to the show times", async () => {
    for (const day of ["2024-02-30", "10000-01-01", "99999999999-01-01", "2027-1-5"]) {
      const response = await get(`/movies/${movieId}/${day}`);
      expect(response.status, day).toBe(302);
      expect(response.headers.get("location"), day).toBe(`/movies/${movieId}#times`);
    }
  });
});

describe("a data request in Remix's format from before single fetch (?_data=)", () => {
  it.each([
    ["GET", `/login?_data=routes/login`],
    ["POST", `/login?name=%E2%B8%B7&_data=`],
    ["POST", `/movies/1010581?%5Fdata=routes/movies.$id._index`],
    ["GET", `/?trailer=x&_data`],
  ])("is a 400 page, whatever the page: %s %s", async (method, path) => {
    const response = await fetch(site.url + path, {
      method,
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
      body: method === "POST" ? "email=a%40b.c&password=x" : undefined,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This address could not be read. Please check the link and try again.");
  });

  it("leaves a parameter that only looks like it alone", async () => {
    expect((await get("/movies?search=_data")).status).toBe(302);
    expect((await get("/legal?x_data=1")).status).toBe(200);
  });
});

describe("What's On's filters left at Any, as a form without JavaScript sends them", () => {
  it("lead to the address without them, the chosen ones kept", async () => {
    const response = await get("/whats-on?day=&time=&format=IMAX&subtitled=on");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/whats-on?format=IMAX&subtitled=on");
    expect((await get("/whats-on?format=IMAX&subtitled=on")).status).toBe(200);
  });
});

describe("a URL with broken percent-encoding", () => {
  it.each(["/%E0%A4%A", "/movies/%E0%A4%A", "/build/%E0%A4%A.js", "/%"])("is a small 400 page: %s", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Bad request");
    expect(page).toContain("This address could not be read. Please check the link and try again.");
    expect(page.length).toBeLessThan(4000);
  });

  it("never shows as a failure of the site", () => {
    expect(site.output()).not.toContain("Request failed outside the app");
  });
});

describe("a test gateway address that names no checkout, a NUL in it", () => {
  it.each(["/test-gateway/checkouts/%00", "/test-gateway/checkouts/cs_test_%00", "/test-gateway/checkouts/%00/step"])(
    "is a 404 page saying so, to a visit and to a post: %s",
    async (path) => {
      const answers = [
        await get(path),
        await postForm(site, path, { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" }),
      ];
      for (const response of path.endsWith("/step") ? answers.slice(1) : answers) {
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).toContain("This payment page does not exist.");
      }
    },
  );
});

/** The next day of `month` (1-12) that is a Sunday between `fromDay` and `toDay` of the month, a year ahead at most. */
function nextSunday(month: number, fromDay: number, toDay: number) {
  const today = new Date();
  for (let year = today.getUTCFullYear(); ; year++) {
    for (let day = fromDay; day <= toDay; day++) {
      const date = new Date(Date.UTC(year, month - 1, day));
      if (date.getUTCDay() === 0 && date.getTime() > today.getTime() + 2 * 86_400_000)
        return date.toISOString().slice(0, 10);
    }
  }
}

describe("Add Shows", () => {
  const post = (fields: Record<string, string>) => postForm(site, "/admin/add-shows", fields, { Cookie: staff });
  const errorsOf = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'");

  it("refuses a time outside the years shows are sold with a message, not a 500", async () => {
    for (const time of ["0000-01-01T10:00", "1999-12-31T23:00", "2100-01-01T10:00"]) {
      const forms: Record<string, string>[] = [
        { intent: "add-time", movieId, time },
        {
          intent: "create",
          movieId,
          "priceTypes[0]": "00000000-0000-4000-8000-00000000a001",
          "prices[0]": "12",
          "times[0]": time,
        },
      ];
      for (const form of forms) {
        const response = await post(form);
        expect(response.status, `${form.intent} ${time}`).toBe(400);
        expect(await errorsOf(response)).toContain("Please pick a date in the years 2000 to 2099");
      }
    }
  });

  it("refuses a time that does not exist in the cinema's zone, saying why", async () => {
    const springForward = nextSunday(3, 8, 14);
    const response = await post({ intent: "add-time", movieId, time: `${springForward}T02:30` });
    expect(response.status).toBe(409);
    const day = new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${springForward}T12:00Z`));
    expect(await errorsOf(response)).toContain(
      `2:30 AM on ${day} does not exist in America/New_York: clocks go forward that night. Please pick another time.`,
    );
  });

  it("asks which of a time that happens twice is meant, with buttons that work without JavaScript", async () => {
    const fallBack = nextSunday(11, 1, 7);
    const asked = await post({ intent: "add-time", movieId, time: `${fallBack}T01:30` });
    expect(asked.status).toBe(409);
    const page = await errorsOf(asked);
    expect(page).toContain("happens twice in America/New_York: clocks go back that night. Please choose which one.");
    const first = `add-time:${fallBack}T01:30-04:00`;
    expect(page).toMatch(new RegExp(`<button[^>]*value="${first}"[^>]*>1:30 AM EDT \\(first\\)</button>`));
    expect(page).toMatch(/<button[^>]*>1:30 AM EST \(second\)<\/button>/);

    const chosen = await post({ intent: first, movieId });
    expect(chosen.status).toBe(200);
    const listed = await chosen.text();
    expect(listed).toContain(`value="${fallBack}T01:30-04:00"`);
    expect(listed).toContain("1:30 AM EDT");
  });
});
