import { test as base, expect } from "@playwright/test";

/** `jsEnabled` tells a test which of the two projects (JavaScript on or off) it runs in. */
export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
});

export { expect };
