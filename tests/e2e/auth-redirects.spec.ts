import { expect, test } from "./fixtures";
import { ENCODED_LOCAL_REDIRECTS, OFF_SITE_REDIRECTS } from "../hostile-redirects";
import { createAccount } from "./identity";

const HOSTILE = [...OFF_SITE_REDIRECTS, ...ENCODED_LOCAL_REDIRECTS];

test.describe("sign-in never leaves this site", () => {
  for (const hostile of HOSTILE) {
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

  test("a tampered redirectTo in the posted form is refused too", async ({ page }) => {
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
    }
  });
});
