import { expect, test } from "./fixtures";
import { createAccount, signIn } from "./identity";
import { linkIn, theMail } from "./mailbox";

// An address is its inbox's: a password someone set for it before the inbox proved it is not its owner's.

const PASSWORD_GONE =
  "You are signed in. The password set for this account before its email was confirmed no longer works.";

test("a password set before the owner signs in with an emailed link stops working, and its sessions end", async ({
  page,
  browser,
  baseURL,
  jsEnabled,
}) => {
  // Someone registered the address with a password of their own, unverified, and is signed in with it.
  const stranger = await createAccount({ prefix: "owned" });
  const strangers = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  const strangerPage = await strangers.newPage();
  await signIn(strangerPage, stranger);
  await strangerPage.goto("/my-bookings");
  await expect(strangerPage.getByRole("button", { name: "Logout" })).toBeVisible();

  // The address's owner signs in with a link mailed to it.
  await page.goto("/sign-in-link");
  await page.getByRole("textbox", { name: "Email" }).fill(stranger.email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "we have sent it a link to sign in" })).toBeVisible();
  await page.goto(linkIn(await theMail(stranger.email, /sign-in link$/), "/login/email-link?"));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  const toast = page.getByRole("status").filter({ hasText: PASSWORD_GONE });
  await expect(toast.getByRole("link", { name: "Choose your own password" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );

  // The stranger's session has ended, and their password signs in no more.
  await strangerPage.goto("/my-bookings");
  await expect(strangerPage.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(strangerPage.getByRole("button", { name: "Logout" })).toHaveCount(0);
  await strangerPage.goto("/login");
  await strangerPage.getByLabel("Email").fill(stranger.email);
  await strangerPage.getByLabel("Password", { exact: true }).fill(stranger.password);
  await strangerPage.getByRole("button", { name: "Sign In" }).click();
  await expect(strangerPage.getByText("Incorrect email or password.")).toBeVisible();
  await strangers.close();

  // The owner stays signed in.
  await page.goto("/my-bookings");
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
});

test("a sign-in link whose email was changed on its page removes no password", async ({ page, customer }) => {
  // The customer asks for a link to her own address, then types someone else's on its page.
  const other = await createAccount({ prefix: "other" });
  await page.goto("/sign-in-link");
  await page.getByRole("textbox", { name: "Email" }).fill(customer.email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await page.goto(linkIn(await theMail(customer.email, /sign-in link$/), "/login/email-link?"));
  await page.getByLabel("Email").fill(other.email);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(
    page.getByText("This link cannot sign in with that email. Please enter the address the link was sent to."),
  ).toBeVisible();
  // The other account's password still signs in.
  const response = await page.request.post("/login", {
    form: { email: other.email, password: other.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
});
