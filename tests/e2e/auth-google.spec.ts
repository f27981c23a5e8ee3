import fs from "node:fs";
import { expect, test } from "./fixtures";
import { findAccount, uniqueEmail } from "./identity";

test("Google sign-in through the emulator's popup, with the SDK loaded only on click", async ({
  page,
  context,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "Google sign-in opens a popup, which needs JavaScript");
  // The popup flow loads Google's gapi from the internet, and the emulator's fake Google page its styles;
  // there is no internet here, so gapi is a stand-in and the styles are left out.
  const gapi = fs.readFileSync("tests/e2e/gapi-stub.js", "utf8");
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ contentType: "text/javascript", body: gapi }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com)\//, (route) => route.abort());
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") scripts.push(await response.text().catch(() => ""));
  });
  const firebaseLoaded = () => scripts.some((body) => body.includes("identitytoolkit.googleapis.com"));

  await page.goto("/login?redirectTo=%2Fmovies");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  expect(firebaseLoaded()).toBe(false);

  const email = uniqueEmail("google");
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  const popup = await popupPromise;
  await popup.getByText("Add new account").click();
  await popup.locator("#email-input").fill(email);
  await popup.locator("#display-name-input").fill("Gina Google");
  await popup.locator("#sign-in").click();

  await expect(page).toHaveURL(/\/movies$/);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  expect(firebaseLoaded()).toBe(true);
  expect((await findAccount(email))?.displayName).toBe("Gina Google");
});
