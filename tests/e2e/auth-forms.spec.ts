import type { Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { theMail } from "./mailbox";
import { expect, test } from "./fixtures";

const PASSWORD_RULES = "At least 8 characters, with an uppercase letter, a lowercase letter and a number.";
const EMPTY_REGISTER_FORM_MESSAGES = [
  "Full name is required",
  "Email is required",
  "Password is required",
  "Please confirm your password",
  "You must accept the terms and conditions",
];

/** Every one of the form's messages is shown, word for word. */
async function expectMessages(page: Page, messages: string[]) {
  for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible();
}
import { anotherCustomer } from "./booking-steps";
import { findAccount, passwordResetCodes, uniqueEmail } from "./identity";
import { open } from "./steps";

test.describe("register form", () => {
  test("shows every validation message", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByText("Book seats, keep your e-tickets in one place")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(PASSWORD_RULES);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectMessages(page, EMPTY_REGISTER_FORM_MESSAGES);
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Full name").fill("A");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("Ab1");
    await page.getByLabel("Confirm password").fill("something else");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectMessages(page, [
      "Name must be at least 2 characters",
      "Invalid email address",
      "Password must be at least 8 characters",
      "Passwords do not match",
    ]);

    await page.getByLabel("Password", { exact: true }).fill("alllowercase1");
    await page.getByLabel("Confirm password").fill("alllowercase1");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Must include uppercase, lowercase, and number")).toBeVisible();
    // The rules and the error are tied to the field for screen readers.
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      `${PASSWORD_RULES} Must include uppercase, lowercase, and number`,
    );
  });

  test("an email already in use gets a message that reveals nothing", async ({ page, customer }) => {
    await page.goto("/register");
    await page.getByLabel("Full name").fill("Someone Else");
    await page.getByLabel("Email", { exact: true }).fill(customer.email);
    await page.getByLabel("Password", { exact: true }).fill("Another1pass");
    await page.getByLabel("Confirm password").fill("Another1pass");
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "We could not create an account with these details" }),
    ).toBeVisible();
    await expect(page.getByText(/already (exists|registered|in use)/i)).toHaveCount(0);
    expect((await findAccount(customer.email))?.displayName).toBe(customer.name);
  });
});

test.describe("login form", () => {
  test("shows every validation message", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Email is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Password is required", { exact: true })).toBeVisible();
    await page.getByLabel("Email").fill("nobody@");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Invalid email address", { exact: true })).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters", { exact: true })).toBeVisible();
  });

  test("registering signs you in and goes back to the page first asked for, the address to confirm", async ({
    page,
  }) => {
    const email = uniqueEmail("newcomer");
    await page.goto("/movies?sort=rating");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmovies%3Fsort%3Drating$/);
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByLabel("Full name").fill("Nora Newcomer");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Popcorn2026");
    await page.getByLabel("Confirm password").fill("Popcorn2026");
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Create Account" }).click();

    // Signed in at once, on the page first asked for: no password typed again.
    await expect(page).toHaveURL(/\/movies\?sort=rating$/);
    await expect(
      page.getByRole("status").filter({
        hasText: `Account created: you are signed in. Please confirm ${email} with the link we mailed you.`,
      }),
    ).toBeVisible();
    expect((await findAccount(email))?.displayName).toBe("Nora Newcomer");
    await theMail(email, /^Confirm your email for Marquee Cinemas$/);
    await expect(page.getByRole("heading", { name: "Movies", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
    await expect(page.locator("footer")).toHaveCount(0);
  });

  test("a wrong password and an unknown email get the same message", async ({ page, customer, jsEnabled }) => {
    for (const [email, password] of [
      [customer.email, "wrong-password"],
      [uniqueEmail("ghost"), "whatever1"],
    ]) {
      await page.goto("/login");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Incorrect email or password." })).toBeVisible();
      // The server never sends a password back into the page.
      if (!jsEnabled) await expect(page.getByLabel("Password")).toHaveValue("");
    }
  });

  test("repeated failures for one email are throttled, even with the right password next", async ({
    page,
    customer,
  }) => {
    const attempt = async (password: string) => {
      await page.goto("/login");
      await page.getByLabel("Email").fill(customer.email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign In" }).click();
    };
    for (let i = 0; i < 5; i++) {
      await attempt(`wrong-${i}-pass`);
      await expect(page.getByText("Incorrect email or password.")).toBeVisible();
    }
    await attempt(customer.password);
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Too many failed sign-in attempts. Please wait 15 minutes and try again." }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("remember me keeps the session for 14 days, otherwise it ends with the browser", async ({ page, customer }) => {
    for (const remember of [false, true]) {
      await page.context().clearCookies();
      await page.goto("/login");
      await page.getByLabel("Email").fill(customer.email);
      await page.getByLabel("Password").fill(customer.password);
      if (remember) await page.getByLabel("Remember me").check();
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
      const session = (await page.context().cookies()).find((c) => c.name === "__session");
      expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
      if (remember) expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
      else expect(session!.expires).toBe(-1);
    }
  });

  test("forgot password has a reset link made and mailed, and says so", async ({ page, customer }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Email is required", { exact: true })).toBeVisible();
    await page.getByLabel("Email").fill(customer.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status").filter({ hasText: "If an account exists for that email" })).toBeVisible();
    await expect.poll(async () => (await passwordResetCodes(customer.email)).length).toBe(1);
  });

  test("logout ends this browser's session only, and says so", async ({
    customerPage: page,
    customer,
    browser,
    jsEnabled,
    baseURL,
  }) => {
    const phone = await anotherCustomer(browser, jsEnabled, baseURL!, { account: customer });
    await page.goto("/movies");
    const before = await page.context().cookies();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").filter({ hasText: "logout successfully" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    // The session was ended on the server, so putting the old cookie back does not sign anyone in.
    await page.context().addCookies(before.filter((c) => c.name === "__session"));
    await page.goto("/movies");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmovies$/);
    // The same customer's other device is still signed in.
    await phone.page.goto("/movies");
    await expect(phone.page.getByRole("button", { name: "Logout" })).toBeVisible();
    await phone.close();
    expect(await findAccount(customer.email)).toBeTruthy();
  });
});

test("the sign-in card stays still as the page starts, its checkbox level with its label", async ({
  page,
  jsEnabled,
}) => {
  await open(page, "/login");
  const checkbox = await page.getByRole("checkbox", { name: "Remember me" }).boundingBox();
  const label = await page.getByText("Remember me", { exact: true }).boundingBox();
  expect(Math.abs(checkbox!.y + checkbox!.height / 2 - (label!.y + label!.height / 2))).toBeLessThan(2);
  if (!jsEnabled) return; // nothing changes once the page is shown
  // The shifts so far, hydration's included; with none the observer never calls back, hence the timeout.
  const layoutShift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );
  expect(layoutShift).toBe(0);
});

test("a staff account exists in the embedded default, its password made for this data folder", async ({ page }) => {
  const password = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "staff-password"), "utf8").trim();
  expect(password).not.toBe("Marquee-Staff-2026");
  expect(fs.statSync(path.join(process.env.E2E_DATA_DIR!, "staff-password")).mode & 0o777).toBe(0o600);
  await page.goto("/login?redirectTo=%2Fadmin");
  await page.getByLabel("Email").fill("staff@marquee.example");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Admin Panel")).toBeVisible();
  await expect(page.getByText("Marquee Staff")).toBeVisible();
});
