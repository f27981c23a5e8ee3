import { expect, test } from "./fixtures";

test("home shows the hero, eight movies and the trailers", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Explore Movies" })).toHaveAttribute("href", "/movies");
  await expect(page.locator(".movie-grid > li")).toHaveCount(8);
  await expect(page.getByRole("heading", { name: "Latest Trailers" })).toBeVisible();
});
