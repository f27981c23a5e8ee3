import type { Browser, Page } from "@playwright/test";
import { createHall, createShowsDirectly, freshDay } from "./admin-steps";
import { anotherCustomer, chooseSeats, chooseTime, payWithGoodCard, proceed } from "./booking-steps";
import { expect, test } from "./fixtures";
import { linkIn, mailsTo, theMail } from "./mailbox";
import { movies } from "./steps";

// A sold-out show's waitlist, with JavaScript on and off: joining it, the mail when seats come free, and the seats
// held for the first person waiting and nobody else.

type ShowOfItsOwn = { movieIndex: number; days: number; seats: string[] };

/**
 * A show of its own: a hall of `seats` made by staff on a day past the sample schedule (the show is the movie's only
 * one that day). Answers its seat page.
 */
async function showOfItsOwn(staff: Page, { movieIndex, days, seats }: ShowOfItsOwn) {
  const movie = movies[movieIndex];
  const day = freshDay(days);
  const hall = await createHall(staff, { layout: `A ${seats.map((seat) => seat.slice(1)).join(" ")}` });
  await createShowsDirectly(staff, movie.id, hall.id, "9.50", [`${day}T18:00`]);
  return `/movies/${movie.id}/${day}`;
}

/** The customer of `page` books `seats` of the show on its seat page. */
async function bookOnSeatPage(page: Page, jsEnabled: boolean, path: string, seats: string[]) {
  await page.goto(path);
  await chooseTime(page, jsEnabled);
  await chooseSeats(page, seats);
  await proceed(page);
  await expect(page).toHaveURL(/\/my-bookings/);
}

/** Another customer books `seats` of the show on its seat page. */
async function ownerBooks(
  { browser, jsEnabled, baseURL }: { browser: Browser; jsEnabled: boolean; baseURL: string },
  path: string,
  seats: string[],
) {
  const owner = await anotherCustomer(browser, jsEnabled, baseURL);
  await bookOnSeatPage(owner.page, jsEnabled, path, seats);
  return owner;
}

/** A show of its own, sold out: another customer holds every seat. Answers the seat page and that customer. */
async function soldOutShow(
  { staff, browser, jsEnabled, baseURL }: { staff: Page; browser: Browser; jsEnabled: boolean; baseURL: string },
  show: ShowOfItsOwn,
) {
  const path = await showOfItsOwn(staff, show);
  return { path, owner: await ownerBooks({ browser, jsEnabled, baseURL }, path, show.seats) };
}

test("the first person waiting gets the freed seats by mail and books them; the second is not offered them", async ({
  customerPage: page,
  customer,
  staffBeside: staff,
  jsEnabled,
  browser,
  baseURL,
}) => {
  test.slow();
  const { path, owner } = await soldOutShow(
    { staff, browser, jsEnabled, baseURL: baseURL! },
    { movieIndex: jsEnabled ? 3 : 4, days: jsEnabled ? 20 : 21, seats: ["A1", "A2"] },
  );

  await page.goto(path);
  await chooseTime(page, jsEnabled);
  const waitlist = page.getByRole("region", { name: "This show is sold out" });
  await waitlist.getByLabel("Seats wanted").selectOption("2");
  await waitlist.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "You are number 1 on the waitlist for 2 seats." }),
  ).toBeVisible();
  await expect(waitlist.getByText("You are number 1 on the waitlist, for 2 seats.")).toBeVisible();

  const second = await anotherCustomer(browser, jsEnabled, baseURL!);
  await second.page.goto(path);
  await chooseTime(second.page, jsEnabled);
  await second.page.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(second.page.getByText("You are number 2 on the waitlist, for 2 seats.")).toBeVisible();

  await owner.page.goto("/my-bookings");
  await owner.page.getByRole("link", { name: /^Cancel booking / }).click();
  await owner.page.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(owner.page.getByRole("status").filter({ hasText: "Booking cancelled." })).toBeVisible();

  const offer = await theMail(customer.email, /^Seats came free: /);
  expect(offer.text).toContain("Seats: A1, A2");
  expect(offer.text).toContain("Amount to pay: $19.00");
  await page.goto(linkIn(offer, "/my-bookings/"));
  await expect(page.getByRole("heading", { name: "Pay for your booking" })).toBeVisible();
  await payWithGoodCard(page);
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();

  // The second person keeps their place for the next seats, and got no mail for these.
  expect(await mailsTo(second.account.email, /^Seats came free: /)).toEqual([]);
  await second.page.goto(path);
  await chooseTime(second.page, jsEnabled);
  await expect(second.page.getByText("You are number 1 on the waitlist, for 2 seats.")).toBeVisible();
  await second.page.getByRole("button", { name: "Leave the waitlist" }).click();
  await expect(second.page.getByRole("status").filter({ hasText: "You have left the waitlist." })).toBeVisible();
  await expect(second.page.getByRole("button", { name: "Join the waitlist" })).toBeVisible();
  await Promise.all([owner.close(), second.close()]);
});

test("a visitor is asked to sign in to join, and a tampered waitlist form changes nothing", async ({
  page,
  staffBeside: staff,
  jsEnabled,
  browser,
  baseURL,
}) => {
  const { path, owner } = await soldOutShow(
    { staff, browser, jsEnabled, baseURL: baseURL! },
    { movieIndex: jsEnabled ? 5 : 6, days: jsEnabled ? 22 : 23, seats: ["A1"] },
  );

  await page.goto(path);
  await chooseTime(page, jsEnabled);
  await page.getByRole("link", { name: "Sign in to join the waitlist" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);

  const aShow = "0b5a3d7e-1111-4222-8333-944455556666";
  for (const [form, message] of [
    [{ intent: "join", time: "not-a-show", seatCount: "2" }, "Please select a time first!"],
    [{ intent: "join", time: aShow, seatCount: "2" }, "That show is no longer on sale. Please choose another time."],
    [{ intent: "join", time: aShow, seatCount: "99" }, "Please choose how many seats you want, from 1 to 5."],
    [{ intent: "jump", time: aShow }, "We could not tell whether to join or leave the waitlist. Please try again."],
  ] as const) {
    const response = await owner.page.request.post(`${path}/waitlist`, { form });
    expect(response.status(), JSON.stringify(form)).toBe(200);
    expect(await response.text()).toContain(message);
  }
  await owner.page.goto(path);
  await chooseTime(owner.page, jsEnabled);
  await expect(owner.page.getByRole("button", { name: "Join the waitlist" })).toBeVisible();
  await owner.close();
});

test("a customer holding seats of a sold-out show is told how many more they may wait for, and why", async ({
  customerPage: page,
  staffBeside: staff,
  jsEnabled,
  browser,
  baseURL,
}) => {
  const path = await showOfItsOwn(staff, {
    movieIndex: jsEnabled ? 3 : 4,
    days: jsEnabled ? 24 : 25,
    seats: ["A1", "A2", "A3", "A4", "A5"],
  });
  await bookOnSeatPage(page, jsEnabled, path, ["A1", "A2", "A3", "A4"]);
  const owner = await ownerBooks({ browser, jsEnabled, baseURL: baseURL! }, path, ["A5"]);

  await page.goto(path);
  await chooseTime(page, jsEnabled);
  const waitlist = page.getByRole("region", { name: "This show is sold out" });
  await waitlist.getByLabel("Seats wanted").selectOption("2");
  await waitlist.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(
    page.getByRole("alert").filter({
      hasText:
        "You already hold 4 seats of this show unpaid, and you can hold at most 5 seats of a show until you pay. Please join for 1 seat or fewer, or pay for your booking first.",
    }),
  ).toBeVisible();
  await waitlist.getByLabel("Seats wanted").selectOption("1");
  await waitlist.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(waitlist.getByText("You are number 1 on the waitlist, for 1 seat.")).toBeVisible();
  await owner.close();
});

test("seats chosen while others book the last of them: the post is told the show is sold out, and books nothing", async ({
  customerPage: page,
  staffBeside: staff,
  jsEnabled,
  browser,
  baseURL,
}) => {
  const seats = ["A1", "A2"];
  const path = await showOfItsOwn(staff, { movieIndex: jsEnabled ? 7 : 8, days: jsEnabled ? 26 : 27, seats });
  await page.goto(path);
  await chooseTime(page, jsEnabled);
  await chooseSeats(page, ["A2"]);
  const owner = await ownerBooks({ browser, jsEnabled, baseURL: baseURL! }, path, seats);

  await proceed(page);
  await expect(page.getByRole("alert").filter({ hasText: "Sorry, this show is sold out." })).toBeVisible();
  await expect(page).toHaveURL(/[?&]time=/);
  await expect(page.getByRole("region", { name: "This show is sold out" })).toBeVisible();
  await page.goto("/my-bookings");
  await expect(page.getByText("No Bookings Yet")).toBeVisible();
  await owner.close();
});
