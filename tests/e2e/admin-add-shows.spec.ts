import {
  addShowsStep,
  addTime,
  chooseHall,
  chooseMovie,
  createHall,
  createShowsDirectly,
  dayFromToday,
  freshDay,
  dayLabel,
  listedTimes,
  showRows,
} from "./admin-steps";
import { expect, test } from "./fixtures";
import { latestFirst, offeredDates, open } from "./steps";

// Each project (JavaScript on, off) schedules its own movie on days past the sample schedule's two weeks.
const movieFor = (jsEnabled: boolean) => (jsEnabled ? latestFirst[4] : latestFirst[5]);
const daysFor = (jsEnabled: boolean, first: number) => [
  freshDay(first + (jsEnabled ? 0 : 2)),
  freshDay(first + 1 + (jsEnabled ? 0 : 2)),
];

test("staff add a show at several times over two dates, and customers find it on the movie's page", async ({
  staffPage: page,
  jsEnabled,
  browser,
}) => {
  test.slow(); // a dozen round trips, List Shows, the dashboard and a customer's pages
  const movie = movieFor(jsEnabled);
  const [first, second] = daysFor(jsEnabled, 15);
  const hall = await createHall(page);
  await open(page, "/admin/add-shows");
  await expect(addShowsStep(page)).toHaveText("Select Movie");
  await chooseMovie(page, movie.title, jsEnabled);
  // Each ticket type starts at the price list's price; these shows sell Adult and Child for less.
  await expect(page.getByLabel("Child (USD)")).toHaveValue("45.00");
  await page.getByLabel("Adult (USD)").fill("12.5");
  await page.getByLabel("Child (USD)").fill("8");
  if (jsEnabled) await expect(addShowsStep(page)).toHaveText("Schedule");
  await chooseHall(page, hall.name);

  for (const time of [`${first}T19:00`, `${first}T13:00`, `${second}T20:00`, `${first}T19:00`]) {
    await addTime(page, time);
    await expect(page.getByLabel("Date and time")).toHaveValue("");
  }
  // The same time twice is ignored.
  await expect
    .poll(() => listedTimes(page))
    .toEqual({
      [dayLabel(first)]: ["1:00 PM", "7:00 PM"],
      [dayLabel(second)]: ["8:00 PM"],
    });
  await expect(addShowsStep(page)).toHaveText("Review");

  // Removing the last time of a date removes the date.
  await page.getByRole("button", { name: `Remove ${dayLabel(second)}, 8:00 PM` }).click();
  await expect.poll(() => listedTimes(page)).toEqual({ [dayLabel(first)]: ["1:00 PM", "7:00 PM"] });
  await addTime(page, `${second}T16:00`);
  await expect
    .poll(() => listedTimes(page))
    .toEqual({
      [dayLabel(first)]: ["1:00 PM", "7:00 PM"],
      [dayLabel(second)]: ["4:00 PM"],
    });
  await addTime(page, `${second}T21:00`);
  await page.getByRole("button", { name: `Remove ${dayLabel(first)}, 1:00 PM` }).click();
  await expect
    .poll(() => listedTimes(page))
    .toEqual({
      [dayLabel(first)]: ["7:00 PM"],
      [dayLabel(second)]: ["4:00 PM", "9:00 PM"],
    });

  // The choices survived every round trip.
  await expect(page.getByRole("radio", { name: new RegExp(`^${movie.title}`) })).toBeChecked();
  await expect(page.getByRole("radio", { name: new RegExp(`^${hall.name}`) })).toBeChecked();
  await expect(page.getByLabel("Adult (USD)")).toHaveValue("12.5");
  const review = page.getByRole("group", { name: "Review" });
  await expect(review).toContainText(movie.title);
  await expect(review).toContainText(hall.name);
  await expect(review).toContainText("Adult $12.50");
  await expect(review).toContainText("Child $8.00");
  await expect(review).toContainText("Senior $50.00");
  await expect(review).toContainText("3 shows on 2 dates");

  await page.getByRole("button", { name: "Create Show" }).click();
  await expect(page.getByText("Show added successfully")).toBeVisible();
  await expect(page).toHaveURL("/admin/add-shows");
  await expect(page.getByText("No show times yet.")).toBeVisible();
  await expect(addShowsStep(page)).toHaveText("Select Movie");

  // The toast links to the first new show in List Shows: its movie on its day, its row marked.
  await page.getByRole("status").getByRole("link", { name: "View in List Shows" }).click();
  await expect(page).toHaveURL(
    new RegExp(`^[^?]+/admin/list-shows\\?when=all&from=${first}&to=${first}&movie=${movie.id}#show-[0-9a-f-]{36}$`),
  );
  const target = page.locator("tbody tr:target");
  await expect(target).toHaveCount(1);
  await expect(target).toContainText(movie.title);
  await expect(target).toContainText(hall.name);
  await expect(target.locator("time")).toHaveAttribute("datetime", `${first}T19:00:00.000Z`);

  // List Shows, latest first, of the movie on the two dates (other tests' shows would fill a page of all).
  const rows = await showRows(page, `?when=all&from=${first}&to=${second}&movie=${movie.id}&sort=date&dir=desc`);
  const created = rows.filter(
    (row) => row.title === movie.title && [first, second].includes(row.startsAt.slice(0, 10)),
  );
  expect(created.map((row) => [row.startsAt, row.hall, row.seats, row.price, row.earnings])).toEqual([
    [`${second}T21:00:00.000Z`, hall.name, "0 / 90", "$12.50", "$0.00"],
    [`${second}T16:00:00.000Z`, hall.name, "0 / 90", "$12.50", "$0.00"],
    [`${first}T19:00:00.000Z`, hall.name, "0 / 90", "$12.50", "$0.00"],
  ]);

  // The dashboard's recent activity says so.
  await open(page, "/admin");
  await expect(
    page.getByRole("list", { name: "Recent Activity" }).getByText(`3 shows of ${movie.title} added`).first(),
  ).toBeVisible();

  // A customer finds both dates on the movie's page.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const customer = await context.newPage();
  const seen = new Set<string>();
  for (let datesPage = 1; ; datesPage++) {
    await open(customer, `/movies/${movie.id}?dates=${datesPage}`);
    for (const day of await offeredDates(customer)) seen.add(day);
    if ((await customer.getByRole("link", { name: "Later days" }).count()) === 0) break;
  }
  expect(seen).toContain(first);
  expect(seen).toContain(second);
  await context.close();
});

test("Add Time and Create Show wait for what they need, and the server says what is missing", async ({
  staffPage: page,
  jsEnabled,
}) => {
  await open(page, "/admin/add-shows");
  if (jsEnabled) {
    await expect(page.getByRole("button", { name: "Add Time" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Create Show" })).toBeDisabled();
    await page.getByLabel("Date and time").fill(`${dayFromToday(30)}T10:00`);
    await expect(page.getByRole("button", { name: "Add Time" })).toBeEnabled();
    // The same checks run on the server, for a form sent some other way.
    const response = await page.request.post("/admin/add-shows", { form: { intent: "create" } });
    expect(response.status()).toBe(400);
    const html = await response.text();
    for (const message of [
      "Please select a movie",
      "Please select a hall",
      "Please enter a price",
      "Please add at least one show time",
    ])
      expect(html).toContain(message);
  } else {
    await page.getByRole("button", { name: "Add Time" }).click();
    await expect(page.getByText("Please pick a date and time")).toBeVisible();
    await page.getByRole("button", { name: "Create Show" }).click();
    // The prices start at the price list's, so only the rest is missing.
    for (const message of ["Please select a movie", "Please select a hall", "Please add at least one show time"])
      await expect(page.getByText(message)).toBeVisible();
  }
});

test("a price must be positive, with at most 2 decimals, at most 10,000", async ({ staffPage: page, jsEnabled }) => {
  const movie = movieFor(jsEnabled);
  await open(page, "/admin/add-shows");
  await chooseMovie(page, movie.title, jsEnabled);
  await addTime(page, `${freshDay(40 + (jsEnabled ? 0 : 1))}T10:00`);
  await expect.poll(() => listedTimes(page)).not.toEqual({});
  const price = page.getByLabel("Adult (USD)");
  for (const [typed, message] of [
    ["0", "Price must be more than 0"],
    ["-4", "Price must be more than 0"],
    ["12.345", "Price can have at most 2 decimals"],
    ["10000.5", "Price must be at most $10,000.00"],
  ]) {
    await price.fill(typed);
    if (jsEnabled) await price.blur();
    else await page.getByRole("button", { name: "Create Show" }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(price).toHaveAttribute("aria-invalid", "true");
  }
});

test("a past time, a time a year ahead and times that overlap in the hall are refused, naming the clash", async ({
  staffPage: page,
  jsEnabled,
}) => {
  const movie = movieFor(jsEnabled);
  const other = latestFirst[7];
  const runtime = `${Math.floor(movie.runtime / 60)}h ${movie.runtime % 60}m`;
  const otherRuntime = `${Math.floor(other.runtime / 60)}h ${other.runtime % 60}m`;
  const [day, otherDay] = daysFor(jsEnabled, 20);
  const hall = await createHall(page);
  // Another movie's show in the hall: the hall, not the movie, decides what overlaps.
  await createShowsDirectly(page, other.id, hall.id, "9", [`${otherDay}T12:00`]);

  await open(page, "/admin/add-shows");
  await chooseMovie(page, movie.title, jsEnabled);
  await chooseHall(page, hall.name);
  const yesterday = dayFromToday(-1);
  await addTime(page, `${yesterday}T10:00`);
  await expect(page.getByText(/, 10:00 AM has already passed\. Please pick a time in the future\.$/)).toBeVisible();
  await addTime(page, `${dayFromToday(400)}T10:00`);
  await expect(page.getByText(/is more than a year ahead\. Please check the date\.$/)).toBeVisible();

  await addTime(page, `${day}T18:00`);
  await expect.poll(() => listedTimes(page)).toEqual({ [dayLabel(day)]: ["6:00 PM"] });
  await addTime(page, `${day}T19:00`);
  const cleaning = "then 15 minutes to clean";
  await expect(
    page.getByText(
      `${dayLabel(day)}, 7:00 PM overlaps ${dayLabel(day)}, 6:00 PM, also on the list (${movie.title} runs ${runtime}, ${cleaning}).`,
    ),
  ).toBeVisible();
  await addTime(page, `${otherDay}T13:00`);
  await expect(
    page.getByText(
      `${dayLabel(otherDay)}, 1:00 PM overlaps the show of ${other.title} at ${dayLabel(otherDay)}, 12:00 PM in ${hall.name} (it runs ${otherRuntime}, ${cleaning}).`,
    ),
  ).toBeVisible();
  await addTime(page, `${otherDay}T12:00`);
  await expect(
    page.getByText(`${hall.name} already has a show at ${dayLabel(otherDay)}, 12:00 PM (${other.title}).`),
  ).toBeVisible();
  await expect.poll(() => listedTimes(page)).toEqual({ [dayLabel(day)]: ["6:00 PM"] });

  // Create Show checks again: a show added meanwhile (here, straight through the action) is named.
  await createShowsDirectly(page, other.id, hall.id, "9", [`${day}T18:00`]);
  await page.getByLabel("Adult (USD)").fill("9");
  await page.getByRole("button", { name: "Create Show" }).click();
  await expect(
    page.getByText(`${hall.name} already has a show at ${dayLabel(day)}, 6:00 PM (${other.title}).`),
  ).toBeVisible();
});

test("staff make a hall in the editor, then two movies start at the same time in two halls", async ({
  staffPage: page,
  jsEnabled,
}) => {
  const name = `Screen ${jsEnabled ? "Nine" : "Ten"} ${Date.now()}`;
  await open(page, "/admin/halls");
  await page.getByRole("link", { name: "New Hall" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Rows").fill("A 1 2 3 | 4 5 6\nB P1 P2 P3 | P4 P5 P6\n--\nC W1 C2 3 | 4 C5 W6\nC 1");
  await page.getByRole("button", { name: "Save Hall" }).click();
  await expect(page.getByText("Row C is written twice.")).toBeVisible();
  await page.getByLabel("Rows").fill("A 1 2 3 | 4 5 6\nB P1 P2 P3 | P4 P5 P6\n--\nC W1 C2 3 | 4 C5 W6");
  await page.getByLabel("Premium seats cost extra").fill("2.5");
  if (!jsEnabled) await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview of the seats" });
  await expect(preview.getByRole("img", { name: "Row C, seat 1, wheelchair space" })).toBeVisible();
  await expect(preview.getByRole("img", { name: "Row B, seat 4, premium seat" })).toBeVisible();
  await page.getByRole("button", { name: "Save Hall" }).click();
  await expect(page.getByText(`${name} saved: 18 seats.`)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("premium seat +$2.50");

  const other = await createHall(page);
  const day = freshDay(jsEnabled ? 30 : 31);
  const [first, second] = [latestFirst[8], latestFirst[9]];
  for (const [movie, hall] of [
    [first, name],
    [second, other.name],
  ] as const) {
    await open(page, "/admin/add-shows");
    await chooseMovie(page, movie.title, jsEnabled);
    await page.getByLabel("Adult (USD)").fill("10");
    await chooseHall(page, hall);
    await addTime(page, `${day}T20:00`);
    await expect.poll(() => listedTimes(page)).toEqual({ [dayLabel(day)]: ["8:00 PM"] });
    await page.getByRole("button", { name: "Create Show" }).click();
    await expect(page.getByText("Show added successfully")).toBeVisible();
  }
  const rows = (await showRows(page, `?when=all&from=${day}&to=${day}`)).filter(
    (r) => r.startsAt === `${day}T20:00:00.000Z`,
  );
  expect(rows.map((r) => [r.title, r.hall, r.seats]).sort()).toEqual(
    [
      [first.title, name, "0 / 18"],
      [second.title, other.name, "0 / 90"],
    ].sort(),
  );
});

test("the hall's day shows when the chosen hall is taken, with and without JavaScript", async ({
  staffPage: page,
  jsEnabled,
}) => {
  const movie = movieFor(jsEnabled);
  const other = latestFirst[6];
  const [day, emptyDay] = daysFor(jsEnabled, 40);
  const [dayBefore] = daysFor(jsEnabled, 39);
  const hall = await createHall(page);
  // The evening before's late show still holds the hall after midnight.
  await createShowsDirectly(page, other.id, hall.id, "9", [`${dayBefore}T23:00`, `${day}T12:00`]);

  await open(page, "/admin/add-shows");
  await chooseMovie(page, movie.title, jsEnabled);
  await chooseHall(page, hall.name);
  const showHallDay = async (at: string) => {
    await page.getByLabel("Date and time").fill(at);
    // With JavaScript the day follows the field; without, the form asks the server for it.
    if (!jsEnabled) await page.getByRole("button", { name: "Show the hall's day" }).click();
    return page.getByRole("region", { name: new RegExp(`^${hall.name} on `) });
  };
  const hallDay = await showHallDay(`${day}T18:00`);
  await expect(hallDay.getByRole("listitem")).toHaveText([
    new RegExp(`^11:00 PM the day before to \\d{1,2}:\\d\\d AM: ${other.title}, then cleaning$`),
    new RegExp(`^12:00 PM to \\d{1,2}:\\d\\d PM: ${other.title}, then cleaning$`),
    "Free at any other time.",
  ]);
  await expect(await showHallDay(`${emptyDay}T18:00`)).toContainText("No shows yet: free all day.");
});
