import { bookAndPay, bookingSlot } from "./booking-steps";
import type { Page } from "@playwright/test";
import { expect, randomClientAddress, test } from "./fixtures";
import { passwordResetCodes } from "./identity";
import { linkIn, mailsTo, theMail } from "./mailbox";

const PASSWORD_RULES = "At least 8 characters, with an uppercase letter, a lowercase letter and a number.";

const RESET_SUBJECT = /^Reset your Marquee Cinemas password$/;

/** Asks for a reset mail on /forgot-password, and sees the answer every ask gets. */
async function askForReset(page: Page, email: string) {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists for that email" })).toBeVisible();
}

// Mails a customer gets, read from the test server's outbox folder, and the links in them followed, with JavaScript
// on and off.

test("forgot password: the mail's link opens our page, and the new password signs in", async ({
  page,
  customer,
  staffBeside,
}) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(customer.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists for that email" })).toBeVisible();

  const mail = await theMail(customer.email, /^Reset your Marquee Cinemas password$/);
  const link = linkIn(mail, "/reset-password?");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(`For the account of ${customer.email}.`)).toBeVisible();
  // The rules are there before anything is typed, and read out with the field.
  await expect(page.getByLabel("New password", { exact: true })).toHaveAccessibleDescription(PASSWORD_RULES);
  await page.getByLabel("New password", { exact: true }).fill("weakpass");
  await page.getByLabel("Confirm password").fill("weakpass");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Must include uppercase, lowercase, and number")).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveAccessibleDescription(
    `${PASSWORD_RULES} Must include uppercase, lowercase, and number`,
  );
  await page.getByLabel("New password", { exact: true }).fill("Brand-new-passw0rd");
  await page.getByLabel("Confirm password").fill("Brand-new-passw0rd");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status").filter({ hasText: "Your password has been changed." })).toBeVisible();

  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password").fill("Brand-new-passw0rd");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  await page.context().clearCookies();
  await page.goto(link);
  await expect(
    page.getByText("This link has expired or has already been used. Please ask for a new one."),
  ).toBeVisible();

  // Staff read the mail in the outbox, without its link.
  await staffBeside.goto("/admin/outbox");
  await staffBeside.getByRole("row").filter({ hasText: customer.email }).getByRole("link").click();
  await expect(staffBeside.getByText("Choose a new password: (the one-time link is left out here)")).toBeVisible();
  await expect(staffBeside.getByRole("link", { name: "Download the .eml file" })).toHaveCount(0);
});

test("strangers asking for a customer's reset mails get the same answer, and cannot stop her own device's", async ({
  page,
  customer,
  browser,
  jsEnabled,
  baseURL,
}) => {
  // Five forms posted and a sign-in: more than the default budget on a busy machine.
  test.slow();
  const strangers = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  const stranger = await strangers.newPage();
  for (let i = 0; i < 4; i++) {
    await strangers.setExtraHTTPHeaders({ "X-Forwarded-For": randomClientAddress() });
    await askForReset(stranger, customer.email);
  }
  await strangers.close();
  await expect.poll(async () => (await mailsTo(customer.email, RESET_SUBJECT)).length).toBe(3);

  // The customer signed in on this browser before, so its ask is hers, past the strangers' cap.
  await page.goto("/login");
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password").fill(customer.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  await askForReset(page, customer.email);
  await expect.poll(async () => (await mailsTo(customer.email, RESET_SUBJECT)).length).toBe(4);
});

test("a reset link mailed before another one changed the password no longer works", async ({ page, customer }) => {
  await askForReset(page, customer.email);
  await askForReset(page, customer.email);
  await expect.poll(async () => (await mailsTo(customer.email, RESET_SUBJECT)).length).toBe(2);
  const [older, newer] = (await passwordResetCodes(customer.email)).map(({ oobCode }) => oobCode);
  const links = (await mailsTo(customer.email, RESET_SUBJECT)).map((mail) => linkIn(mail, "/reset-password?"));
  const linkOf = (code: string) => links.find((link) => link.includes(`oobCode=${code}`))!;

  await page.goto(linkOf(newer));
  await page.getByLabel("New password", { exact: true }).fill("Brand-new-passw0rd");
  await page.getByLabel("Confirm password").fill("Brand-new-passw0rd");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your password has been changed." })).toBeVisible();

  const expired = "This link has expired or has already been used. Please ask for a new one.";
  await page.goto(linkOf(older));
  await expect(page.getByText(expired)).toBeVisible();
  await expect(page.getByRole("button", { name: "Change password" })).toHaveCount(0);
  const used = await page.request.post(linkOf(older), {
    form: { oobCode: older, password: "Other-passw0rd", confirmPassword: "Other-passw0rd" },
  });
  expect(used.status()).toBe(400);
  expect(await used.text()).toContain(expired);
});

test("a sign-in link signs the customer in and brings them where they were going", async ({ page, customer }) => {
  await page.goto("/movies");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmovies$/);
  await page.getByRole("link", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with an email link" })).toBeVisible();
  await page.getByRole("textbox", { name: "Email" }).fill(customer.email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmovies$/);
  await expect(page.getByRole("status").filter({ hasText: "we have sent it a link to sign in" })).toBeVisible();

  const link = linkIn(await theMail(customer.email, /sign-in link$/), "/login/email-link?");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Sign in with your link" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(customer.email);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/movies$/);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(
    page.getByText("This link has expired or has already been used. Please ask for a new one."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
});

test("paying mails one confirmation with the seats and the QR e-ticket; cancelling mails the refund", async ({
  customerPage: page,
  customer,
  jsEnabled,
  staffBeside,
}) => {
  const slot = bookingSlot(0, jsEnabled, { cancellable: true });
  await bookAndPay(page, jsEnabled, slot, ["E4", "E5"]);
  const bookingPath = new URL(page.url()).pathname;

  const confirmation = await theMail(customer.email, /^Your tickets for /);
  expect(confirmation.subject).toContain(slot.movie.title);
  expect(confirmation.text).toContain("Seats: E4, E5");
  expect(confirmation.text).toContain(bookingPath);
  expect(confirmation.html).toContain('src="cid:e-ticket"');
  expect(confirmation.attachments).toMatchObject([{ cid: "e-ticket", contentType: "image/png" }]);

  await staffBeside.goto("/admin/outbox");
  await staffBeside.getByRole("link", { name: confirmation.subject }).first().click();
  await expect(staffBeside.getByText("Seats: E4, E5")).toBeVisible();
  const download = staffBeside.getByRole("link", { name: "Download the .eml file" });
  const eml = await staffBeside.request.get((await download.getAttribute("href"))!);
  expect(eml.headers()["content-type"]).toBe("message/rfc822");
  expect(await eml.text()).toContain(`Message-ID: <${/\/admin\/outbox\/([\w-]+)/.exec(staffBeside.url())![1]}@`);

  await page.getByRole("link", { name: /^Cancel booking / }).click();
  await page.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Booking cancelled." })).toBeVisible();
  const refund = await theMail(customer.email, /cancelled: /);
  expect(refund.text).toMatch(/\$\d+\.\d\d is refunded to your card ending 4242\./);
  expect(await mailsTo(customer.email, /^Your tickets for /)).toHaveLength(1);
});
