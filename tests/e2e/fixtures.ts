import { test as base, expect, type Page } from "@playwright/test";
import { createAccount, signIn, type Account } from "./identity";

type Fixtures = {
  jsEnabled: boolean;
  customer: Account;
  customerPage: Page;
  staff: Account;
  staffPage: Page;
};

export const test = base.extend<Fixtures>({
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
});

export { expect };
