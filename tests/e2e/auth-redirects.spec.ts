import { expect, test } from "./fixtures";
import { createAccount } from "./identity";

const HOSTILE = [
  "//evil.example",
  "///evil.example",
  "https://evil.example",
  "http://evil.example/movies",
  "HTTPS://evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "javascript:alert(1)",
  "/.//evil.example",
  "/..//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  " //evil.example",
  "//evil.example@127.0.0.1",
  "evil.example",
  "data:text/html,<h1>evil</h1>",
];

test.describe("sign-in never leaves this site", () => {
  for (const hostile of HOSTILE) {
    test(`redirectTo ${JSON.stringify(hostile)}`, async ({ page, baseURL }) => {
      const account = await createAccount();
      await page.goto(`/login?${new URLSearchParams({ redirectTo: hostile })}`);
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(account.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("button", { name: "Logout" }).or(page.getByRole("heading", { name: "Page not found" })).first()).toBeVisible();
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
      const location = response.headers().location ?? "";
      expect(location, hostile).toMatch(/^\/(?![/\\])/);
    }
  });
});
