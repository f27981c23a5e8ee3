import { test as base, expect, type Page } from "@playwright/test";
import { anotherCustomer } from "./booking-steps";
import { createAccount, signIn, type Account } from "./identity";

type Fixtures = {
  jsEnabled: boolean;
  customer: Account;
  customerPage: Page;
  staff: Account;
  staffPage: Page;
  staffBeside: Page;
};

/** A client address of its own for each test, so rate limits count each test apart, as they would people. */
export function randomClientAddress() {
  const part = () => 1 + Math.floor(Math.random() * 254);
  return `10.${part()}.${part()}.${part()}`;
}

export const test = base.extend<Fixtures>({
  // The test server runs behind a "proxy" (TRUST_PROXY=true): the address it names is the client's.
  extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": randomClientAddress() }),
  /**
   * The test's page, which fails the test on an uncaught error or an error logged in its console. A resource answered
   * with an error status is logged too; that is the page's answer, which the test itself asserts.
   */
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`${page.url()}: uncaught ${error.name}: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        errors.push(`${page.url()}: ${message.text()}`);
    });
    await use(page);
    expect(errors, "errors in the browser's console").toEqual([]);
  },
  /** Which of the two projects (JavaScript on or off) the test runs in. */
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  /** A fresh customer account, made in the test server's Auth emulator. */
  customer: async ({}, use) => use(await createAccount()),
  /** A page signed in as that customer; pages behind sign-in are tested through it. */
  customerPage: async ({ page, customer }, use) => {
    await signIn(page, customer);
    await use(page);
  },
  /** A fresh staff account (custom claim admin:true). */
  staff: async ({}, use) => use(await createAccount({ staff: true, prefix: "staff" })),
  /** A page signed in as that staff member. */
  staffPage: async ({ page, staff }, use) => {
    await signIn(page, staff);
    await use(page);
  },
  /** A staff member signed in in a browser context of their own, beside the test's page (a customer's, say). */
  staffBeside: async ({ browser, jsEnabled, baseURL }, use) => {
    const staff = await anotherCustomer(browser, jsEnabled, baseURL!, { staff: true });
    await use(staff.page);
    await staff.close();
  },
});

export { expect };
