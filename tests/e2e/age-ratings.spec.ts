// Age ratings: staff give a film its certificate, customers see it on the card and the page, and the tickets step
// sells only what it allows, saying why.
import type { Page } from "@playwright/test";
import { ADULT_TYPE, CHILD_TYPE, createHall, createShowsDirectly, freshDay } from "./admin-steps";
import { bookingCard, bookingIdIn, bookSeats } from "./booking-steps";
import { expect, test } from "./fixtures";
import { latestFirst, open } from "./steps";

const [HOLLOW_SIGNAL, SEOUL_AFTERGLOW, CRIMSON_RELAY, TIDEWATER_GHOSTS] = [6, 7, 17, 18].map((i) => latestFirst[i]);
const ADULTS_ONLY = "Child tickets are not sold for this film: it is rated 18, suitable only for adults.";
const WITH_AN_ADULT =
  "This film is rated 12A: children under 12 must come with an adult. Please make at least one ticket Adult.";

/** A show of the film on a day of its own, in a hall of its own, selling Adult at $12.00 and Child at $8.00. */
async function showOf(staff: Page, movie: { id: string }, days: number) {
  const day = freshDay(days);
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, { [ADULT_TYPE]: "12", [CHILD_TYPE]: "8" }, [`${day}T18:00`]);
  return `/movies/${movie.id}/${day}`;
}

test("staff rate a film; its card and page show the certificate", async ({ staffPage: page, jsEnabled }) => {
  // Each run rates a film of the sample catalogue that no other test books, and rates it back: Tidewater Ghosts, an
  // 18, becomes a 15; Crimson Relay, a 15, a 12A.
  const { movie, was, rating, meaning } = jsEnabled
    ? { movie: TIDEWATER_GHOSTS, was: "18", rating: "15", meaning: "Suitable only for 15 years and over" }
    : { movie: CRIMSON_RELAY, was: "15", rating: "12A", meaning: /younger children only with an adult/ };
  await open(page, "/admin/movies");
  await expect(page.getByRole("heading", { name: "Movies", level: 1 })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Suitable only for adults" })).toBeVisible();
  const certificate = page.getByLabel(`Certificate of ${movie.title}`);
  await expect(certificate).toHaveValue(was);
  await certificate.selectOption(rating);
  await page.getByRole("button", { name: `Save the certificate of ${movie.title}` }).click();
  await expect(page.getByText(`${movie.title} is now rated ${rating}`)).toBeVisible();
  await expect(page.getByLabel(`Certificate of ${movie.title}`)).toHaveValue(rating);

  await open(page, `/movies/${movie.id}`);
  await expect(page.getByText(meaning)).toBeVisible();
  await open(page, `/movies?search=${encodeURIComponent(movie.title)}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: movie.title }) });
  await expect(card.getByText(`Certificate ${rating}`)).toBeVisible();

  await open(page, "/admin/movies");
  await page.getByLabel(`Certificate of ${movie.title}`).selectOption(was);
  await page.getByRole("button", { name: `Save the certificate of ${movie.title}` }).click();
  await expect(page.getByText(`${movie.title} is now rated ${was}`)).toBeVisible();
});

test(
  "a certificate staff do not have is refused, and changes nothing",
  { tag: "@display" },
  async ({ staffPage: page }) => {
    await open(page, "/admin/movies");
    const response = await page.request.post("/admin/movies", {
      form: { movieId: HOLLOW_SIGNAL.id, certificate: "NC-17" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(409);
    expect(await response.text()).toContain("Please choose a certificate from the list.");
    await open(page, "/admin/movies");
    await expect(page.getByLabel(`Certificate of ${HOLLOW_SIGNAL.title}`)).toHaveValue("18");
  },
);

test("an 18 offers no Child tickets, says why, and refuses them if posted", async ({
  customerPage: page,
  staffBeside,
  jsEnabled,
}) => {
  const path = await showOf(staffBeside, HOLLOW_SIGNAL, jsEnabled ? 86 : 87);
  await bookSeats(page, jsEnabled, path, ["E4", "E5"]);
  const tickets = page.getByRole("group", { name: "Tickets" });
  await expect(tickets.getByText("Suitable only for adults", { exact: true })).toBeVisible();
  await expect(tickets.getByText(ADULTS_ONLY)).toBeVisible();
  await expect(tickets.getByLabel(/^Child/)).toHaveCount(0);
  await expect(tickets.getByLabel(/^Adult/)).toHaveValue("2");

  const bookingId = bookingIdIn(page);
  const response = await page.request.post(`/my-bookings/${bookingId}/tickets`, {
    form: { "types[0]": ADULT_TYPE, "counts[0]": "1", "types[1]": CHILD_TYPE, "counts[1]": "1" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain(ADULTS_ONLY);
  await open(page, `/my-bookings/${bookingId}/pay`);
  await expect(bookingCard(page, HOLLOW_SIGNAL.title)).toContainText("2 × Adult $12.00");
});

test("a 12A sells Child tickets only beside an adult's", async ({ customerPage: page, staffBeside, jsEnabled }) => {
  const path = await showOf(staffBeside, SEOUL_AFTERGLOW, jsEnabled ? 88 : 89);
  await bookSeats(page, jsEnabled, path, ["F4", "F5"]);
  const tickets = page.getByRole("group", { name: "Tickets" });
  await expect(tickets.getByText(/younger children only with an adult/)).toBeVisible();

  // Two Child tickets and no adult: refused, the booking stays as it was.
  if (jsEnabled) {
    await tickets.getByLabel(/^Child/).selectOption("2");
    await expect(tickets.getByText(WITH_AN_ADULT)).toBeVisible();
  } else {
    await tickets.getByLabel(/^Adult/).selectOption("0");
    await tickets.getByLabel(/^Child/).selectOption("2");
    await tickets.getByRole("button", { name: "Update tickets" }).click();
    await expect(page.getByRole("heading", { name: "Choose your tickets" })).toBeVisible();
    await expect(page.getByText(WITH_AN_ADULT)).toBeVisible();
  }
  await expect(bookingCard(page, SEOUL_AFTERGLOW.title)).toContainText("2 × Adult $12.00");

  // One Child beside one Adult is sold.
  const again = page.getByRole("group", { name: "Tickets" });
  await again.getByLabel(/^Adult/).selectOption("1");
  await again.getByLabel(/^Child/).selectOption("1");
  if (!jsEnabled) await again.getByRole("button", { name: "Update tickets" }).click();
  await expect(page.getByRole("heading", { name: "Pay for your booking" })).toBeVisible();
  await expect(bookingCard(page, SEOUL_AFTERGLOW.title)).toContainText("1 × Adult $12.00, 1 × Child $8.00");
  await expect(page.getByRole("button", { name: "Pay $20.00" })).toBeVisible();
});
