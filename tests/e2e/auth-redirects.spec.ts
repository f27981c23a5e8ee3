import { expect, test } from "./fixtures";
import { ENCODED_LOCAL_REDIRECTS, OFF_SITE_REDIRECTS } from "../hostile-redirects";
import { createAccount } from "./identity";

const HOSTILE = [...OFF_SITE_REDIRECTS, ...ENCODED_LOCAL_REDIRECTS];
// One of each kind goes through the sign-in form in the browser; every one of them is posted below, and
// tests/unit/safe-redirect.test.ts holds the rule to them all.
const THROUGH_THE_FORM = [
  "//evil.example",
  "https://evil.example",
  "/\\evil.example",
  "%2F%2Fevil.example",
  "javascript:alert(1)",
  "/\t/evil.example",
  "/%2F%2Fevil.example",
];

test.describe("sign-in never leaves this site", () => {
  for (const hostile of THROUGH_THE_FORM) {
    test(`redirectTo ${JSON.stringify(hostile)}`, async ({ page, baseURL }) => {
      const account = await createAccount();
      await page.goto(`/login?${new URLSearchParams({ redirectTo: hostile })}`);
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(account.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(
        page
          .getByRole("button", { name: "Logout" })
          .or(page.getByRole("heading", { name: "Page not found" }))
          .first(),
      ).toBeVisible();
      expect(new URL(page.url()).origin).toBe(baseURL);
    });
  }

  test(
    "a tampered redirectTo in the posted form is refused too, and so is one a signed-in visitor is sent to",
    { tag: "@display" },
    async ({ page }) => {
      const account = await createAccount();
      for (const hostile of HOSTILE) {
        await page.context().clearCookies();
        const response = await page.request.post("/login", {
          form: { email: account.email, password: account.password, redirectTo: hostile },
          maxRedirects: 0,
        });
        // Signed in and sent to a page of this site, or (a control character in the field) refused with a message.
        if (response.status() === 400) {
          expect(await response.text(), hostile).toContain("Page to return to must not contain control characters.");
          continue;
        }
        expect(response.headers().location ?? "", hostile).toMatch(/^\/(?![/\\])/);
        const signedIn = await page.request.get(`/login?${new URLSearchParams({ redirectTo: hostile })}`, {
          maxRedirects: 0,
        });
        expect(signedIn.status(), hostile).toBe(302);
        expect(signedIn.headers().location ?? "", hostile).toMatch(/^\/(?![/\\])/);
      }
    },
  );
});
