import { randomUUID } from "node:crypto";
import { bookingIdIn, CHECKOUT_URL, chooseSeats, chooseTime, proceed, showIn } from "./booking-steps";
import { expect, test } from "./fixtures";
import { linkIn, mailsTo, theMail } from "./mailbox";

// A password sign-up confirms its address from a mail (decision 63): then the address's guest bookings are its own.

test("a guest signs up with the same email, asks for the link again, confirms it and finds the booking in My Bookings", async ({
  page,
  jsEnabled,
}) => {
  const email = `confirm-${randomUUID()}@example.com`;
  const password = "Confirm1pass";
  // Booked as a guest, in a hall and on days no other test books.
  await page.goto(showIn("Screen 4", jsEnabled ? 8 : 9).path);
  await chooseTime(page, jsEnabled);
  await chooseSeats(page, ["J1"]);
  await proceed(page);
  await page.getByLabel("Full name").fill("Vera Guest");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(CHECKOUT_URL);
  const bookingId = bookingIdIn(page);
  await page.goto(`/my-bookings/${bookingId}`);
  await expect(
    page.getByText(
      "Booked as a guest. Create an account with the same email and confirm it from the mail we send you: this booking and your other guest bookings then move to My Bookings.",
    ),
  ).toBeVisible();

  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Full name").fill("Vera Fied");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(
    page.getByRole("status").filter({
      hasText: `Account created: you are signed in. Please confirm ${email} with the link we mailed you.`,
    }),
  ).toBeVisible();
  await theMail(email, /^Confirm your email for Marquee Cinemas$/);

  // Signed in by the sign-up, unconfirmed: the booking is still the guest's, and My Bookings offers the link again.
  await page.goto("/my-bookings");
  const notice = page.getByRole("note");
  await expect(notice).toContainText(
    `Please confirm ${email} with the link we mailed you: bookings you made as a guest with it then move here.`,
  );
  await expect(page.getByRole("heading", { name: "No Bookings Yet" })).toBeVisible();
  await notice.getByRole("button", { name: "Send the link again" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `We sent a new link to ${email}. Open it to confirm your email` }),
  ).toBeVisible();
  await expect.poll(async () => (await mailsTo(email, /^Confirm your email/)).length, { timeout: 15_000 }).toBe(2);

  // The newest link confirms the address.
  const mails = await mailsTo(email, /^Confirm your email/);
  const newest = mails.sort((a, b) => b.date!.getTime() - a.date!.getTime())[0];
  const link = linkIn(newest, "/verify-email?");
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(
    page.getByText(`Thank you: ${email} is confirmed. The booking you made as a guest with it is now in My Bookings.`),
  ).toBeVisible();
  await page.getByRole("link", { name: "Go to My Bookings" }).click();
  await expect(page.getByRole("heading", { name: "Upcoming" })).toBeVisible();
  await expect(page.locator(`a[href="/my-bookings/${bookingId}"]`).first()).toBeVisible();
  await expect(page.getByRole("note")).toHaveCount(0);

  // A used link says so, and where to ask for another.
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(
    page.getByText(
      "This link has expired or has already been used. Please ask for a new one. If your email is not confirmed yet, sign in and choose Send the link again on My Bookings to get a new one.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to My Bookings" })).toBeVisible();
});
