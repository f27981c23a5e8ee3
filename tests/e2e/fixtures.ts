import { test as base, expect, type Page } from "@playwright/test";

export const test = base.extend<{ jsEnabled: boolean; customerPage: Page }>({
  /** Which of the two projects (JavaScript on or off) the test runs in. */
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  /** A page signed in as a customer; pages behind sign-in are tested through it. */
  customerPage: async ({ page }, use) => use(page),
});

export { expect };
