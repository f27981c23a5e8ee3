import { expect, test } from "./fixtures";

test(
  "against the Auth emulator Google sign-in is not offered, since its tokens cannot be checked",
  { tag: "@display" },
  async ({ page }) => {
    // The emulator signs none of its tokens, so the site could not tell a popup's sign-in from a forged one (decision 53).
    for (const [path, submit] of [
      ["/login", "Sign In"],
      ["/register", "Create Account"],
    ]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: submit })).toBeVisible();
      await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
      await expect(page.getByText("Google sign-in needs JavaScript.")).toHaveCount(0);
    }
  },
);
