// Staff cancelling and moving a show a customer paid for, with JavaScript on and off: what staff are asked and
// told, what the customer's booking says, and the mail the customer gets.
import type { Page } from "@playwright/test";
import { createHall, createShowsDirectly, freshDay } from "./admin-steps";
import { bookSeats, payWithGoodCard } from "./booking-steps";
import { expect, test } from "./fixtures";
import { theMail } from "./mailbox";
import { movies } from "./steps";

/**
 * A show at 8:00 on a day of its own (past the sample schedule), in a hall of the test's own, of a movie no other test
 * of this file shows that day; the customer's page pays two seats of it. Answers the show and the booking's page.
 */
async function paidShow(staff: Page, page: Page, jsEnabled: boolean, offset: number) {
  const day = freshDay(70 + offset * 2 + (jsEnabled ? 0 : 1));
  const movie = movies[15 + offset];
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, "12.50", [`${day}T08:00`]);
  const path = `/movies/${movie.id}/${day}`;
  await bookSeats(page, jsEnabled, path, ["C4", "C5"]);
  await payWithGoodCard(page);
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  const list = `/admin/list-shows?when=all&from=${day}&to=${day}&movie=${movie.id}`;
  return { day, movie, hall, path, list, bookingPath: new URL(page.url()).pathname };
}

function showRow(staff: Page, title: string) {
  return staff.getByRole("region", { name: "Shows" }).locator("tbody tr").filter({ hasText: title });
}

test("staff cancel a paid show: the customer is refunded, told by mail, and sees it cancelled", async ({
  customerPage: page,
  customer,
  jsEnabled,
  staffBeside: staff,
}) => {
  test.slow(); // two accounts, a hall, a show, a booking paid, then staff and the customer's pages
  const show = await paidShow(staff, page, jsEnabled, 0);
  await staff.goto(show.list);
  await showRow(staff, show.movie.title)
    .getByRole("link", { name: /^Cancel/ })
    .click();
  await expect(staff.getByRole("heading", { name: "Cancel Show" })).toBeVisible();
  await expect(staff.getByText("1 paid booking refunded in full: $25.00")).toBeVisible();
  const question = "This show has 1 paid booking ($25.00). Cancel it and refund them?";
  await expect(staff.getByText(question)).toBeVisible();
  // A post that does not confirm the paid bookings (or cannot be read) is asked again, and cancels nothing.
  const cancelPath = new URL(staff.url()).pathname;
  const unconfirmed = await staff.request.post(cancelPath, { form: {}, maxRedirects: 0 });
  expect([unconfirmed.status(), await unconfirmed.text()]).toEqual([409, expect.stringContaining(question)]);
  const unreadable = await staff.request.post(cancelPath, { form: { confirmedPaid: "1e99" }, maxRedirects: 0 });
  expect(unreadable.status()).toBe(302);
  await staff.reload();
  const confirm = staff.getByRole("button", { name: "Cancel show and refund" });
  await expect(confirm).toHaveClass(/button-danger/);
  await confirm.click();
  await expect(
    staff.getByRole("status").filter({ hasText: "Show cancelled: 1 booking refunded ($25.00)." }),
  ).toBeVisible();
  await expect(showRow(staff, show.movie.title)).toContainText("Cancelled");

  await page.goto(show.bookingPath);
  await expect(page.getByText("Cancelled by the cinema")).toBeVisible();
  await page.goto("/my-bookings");
  await expect(
    page.getByRole("article").filter({ hasText: show.movie.title }).getByText("Cancelled by the cinema"),
  ).toBeVisible();
  await page.goto(show.path);
  await expect(page).not.toHaveURL(new RegExp(`${show.day}$`));

  const mail = await theMail(customer.email, /^Show cancelled: /);
  expect(mail.subject).toContain(show.movie.title);
  expect(mail.text).toContain("$25.00 is refunded to your card ending 4242, in full.");
  expect(mail.text).toContain(show.bookingPath);
  expect(mail.html).toContain("the cinema has cancelled the show");
});

test("staff move a paid show to a later time: the customer is mailed the old and new time", async ({
  customerPage: page,
  customer,
  jsEnabled,
  staffBeside: staff,
}) => {
  test.slow(); // two accounts, a hall, a show, a booking paid, then staff and the customer's pages
  const show = await paidShow(staff, page, jsEnabled, 1);
  await staff.goto(show.list);
  await showRow(staff, show.movie.title).getByRole("link", { name: /^Move/ }).click();
  await expect(staff.getByRole("heading", { name: "Move Show" })).toBeVisible();
  await expect(staff.getByLabel("Hall", { exact: true })).toHaveValue(show.hall.id);
  // The hall's day, its shows with their times, is shown before anything moves.
  const hallDay = staff.getByRole("region", { name: "The hall that day" });
  await expect(hallDay).toContainText(`${show.hall.name} on `);
  await expect(hallDay).toContainText(new RegExp(`8:00 AM to .+: ${show.movie.title}, then cleaning`));
  await staff.getByLabel("New date and time").fill(`${show.day}T11:45`);
  await staff.getByRole("button", { name: "Move show", exact: true }).click();
  // The paid booking is confirmed before the show moves; until then it has not moved.
  await expect(
    staff.getByText("This show has 1 paid booking ($25.00). Move it and mail them the new time?"),
  ).toBeVisible();
  await expect(hallDay).toContainText(show.movie.title);
  await page.goto(show.bookingPath);
  await expect(page.getByText(/8:00 AM/).first()).toBeVisible();
  await staff.getByRole("button", { name: "Move show and mail them" }).click();
  await expect(
    staff.getByRole("status").filter({ hasText: "Show moved. 1 paid booking is mailed the new time." }),
  ).toBeVisible();
  await expect(showRow(staff, show.movie.title).locator("time")).toHaveAttribute(
    "datetime",
    `${show.day}T11:45:00.000Z`,
  );

  const mail = await theMail(customer.email, /^Show moved: /);
  expect(mail.text).toMatch(/^Was: .+, 8:00 AM, Test Hall /m);
  expect(mail.text).toMatch(/^Now: .+, 11:45 AM, Test Hall /m);
  expect(mail.text).toContain(show.bookingPath);
  await page.goto(show.bookingPath);
  await expect(page.getByText(/11:45 AM/).first()).toBeVisible();
});

test("a move onto another show of the hall is refused with why, and nothing changes", async ({
  staffPage: staff,
  jsEnabled,
}) => {
  const day = freshDay(74 + (jsEnabled ? 0 : 1));
  const movie = movies[17];
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, "10.00", [`${day}T08:00`, `${day}T14:00`]);
  await staff.goto(`/admin/list-shows?when=all&from=${day}&to=${day}&movie=${movie.id}`);
  await showRow(staff, movie.title).first().getByRole("link", { name: /^Move/ }).click();
  await staff.getByLabel("New date and time").fill(`${day}T13:00`);
  await staff.getByRole("button", { name: "Move show" }).click();
  await expect(staff.getByText(/overlaps the show of .+ at .+ in Test Hall/)).toBeVisible();
  // The hall's day beside the refusal shows the show in the way.
  await expect(staff.getByRole("region", { name: "The hall that day" })).toContainText(/2:00 PM to .+, then cleaning/);
  await expect(staff.getByRole("heading", { name: "Move Show" })).toBeVisible();
});
