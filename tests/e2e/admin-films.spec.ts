import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import sharp from "sharp";
import { addShowsStep, addTime, chooseHall, chooseMovie, createHall, freshDay } from "./admin-steps";
import { bookSeats, payWithGoodCard } from "./booking-steps";
import { expect, test } from "./fixtures";
import { movieCards, open } from "./steps";

// Staff add a film with its poster, schedule it, edit it, retire it and bring it back (issue 59). Its release date is
// the newest of the catalogue, so it leads Now Showing while it is on; the test retires it again at its end.

const picture = (width: number, height: number, format: "png" | "jpeg" = "png") => {
  const image = sharp({ create: { width, height, channels: 3, background: "#b5651d" } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
};

const ARTWORK = /^\/images\/[0-9a-f]{64}\/(\d+)x(\d+)\.jpg$/;

async function saveFilm(page: Page) {
  await page.getByRole("button", { name: "Save Film" }).click();
}

test("staff add a film with a poster, schedule it, customers see it; edited, retired and brought back", async ({
  customerPage: customer,
  staffBeside: staff,
  jsEnabled,
}) => {
  test.setTimeout(8 * 60_000); // two browsers, a dozen pages, a payment, on a busy machine
  const title = `The Lantern Keeper ${randomUUID().slice(0, 6)}`;
  const day = freshDay(jsEnabled ? 30 : 32);

  await open(staff, "/admin/movies");
  await staff.getByRole("link", { name: "Add Film" }).click();
  await expect(staff.getByRole("heading", { name: "Add Film" })).toBeVisible();
  await staff.getByLabel("Title").fill(title);
  await staff.getByLabel("Synopsis").fill("A lighthouse keeper runs the last cinema on the coast.");
  await staff.getByLabel("Runtime (minutes)").fill("10000");
  await staff.getByLabel("Release date").fill("2099-06-01");
  await staff.getByLabel("Original language").fill("en");
  await staff.getByRole("checkbox", { name: "Drama" }).check();
  await staff.getByLabel("Actor 1").fill("Ada Quill");
  await staff.getByLabel("Character 1").fill("Nell");
  // A PNG named .jpg: its name says otherwise than its content.
  await staff
    .getByLabel("Poster")
    .setInputFiles({ name: "poster.jpg", mimeType: "image/jpeg", buffer: await picture(600, 900) });
  await saveFilm(staff);
  await expect(staff.getByText("Please enter the runtime in minutes, from 1 to 600.")).toBeVisible();
  await staff.getByLabel("Runtime (minutes)").fill("104");
  if (!jsEnabled) {
    await staff
      .getByLabel("Poster")
      .setInputFiles({ name: "poster.jpg", mimeType: "image/jpeg", buffer: await picture(600, 900) });
  }
  await saveFilm(staff);
  await expect(
    staff.getByText(/^The poster \(poster\.jpg\) is a PNG picture, but its name says otherwise\./),
  ).toBeVisible();
  await expect(staff.getByLabel("Title")).toHaveValue(title);
  await open(staff, "/admin/movies");
  await expect(staff.getByRole("link", { name: new RegExp(`^${title} ?: edit$`) })).toHaveCount(0);

  await staff.getByRole("link", { name: "Add Film" }).click();
  await staff.getByLabel("Title").fill(title);
  await staff.getByLabel("Runtime (minutes)").fill("104");
  await staff.getByLabel("Release date").fill("2099-06-01");
  await staff.getByRole("checkbox", { name: "Drama" }).check();
  await staff.getByLabel("Actor 1").fill("Ada Quill");
  await staff.getByLabel("Character 1").fill("Nell");
  await staff
    .getByLabel("Poster")
    .setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: await picture(600, 900) });
  if (jsEnabled) await expect(staff.getByRole("img", { name: "Poster: chosen, not yet saved" })).toBeVisible();
  await staff
    .getByLabel("Photo 1")
    .setInputFiles({ name: "ada.jpg", mimeType: "image/jpeg", buffer: await picture(200, 300, "jpeg") });
  await saveFilm(staff);
  await expect(staff.getByText(`${title} saved.`)).toBeVisible();
  const edit = staff.getByRole("link", { name: new RegExp(`^${title} ?: edit$`) });
  const id = (await edit.getAttribute("href"))!.split("/").pop()!;

  // Scheduled in Add Shows.
  const hall = await createHall(staff);
  await open(staff, "/admin/add-shows");
  await chooseMovie(staff, title, jsEnabled);
  await chooseHall(staff, hall.name);
  await addTime(staff, `${day}T19:00`);
  await expect(addShowsStep(staff)).toHaveText("Review");
  await staff.getByRole("button", { name: "Create Show" }).click();
  await expect(staff.getByText("Show added successfully")).toBeVisible();

  // Customers see it leading Now Showing and on its page, with its pictures, and no vote average.
  await open(customer, "/");
  const card = movieCards(customer, "Now Showing").filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.locator("img")).toHaveAttribute("src", ARTWORK);
  await expect(card.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /\.webp 640w, .+\.webp 1920w$/);
  await expect(card).not.toContainText("0.0");
  await open(customer, `/movies/${id}`);
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText(title);
  const poster = customer.getByRole("img", { name: `${title} poster` });
  await expect(poster).toHaveAttribute("src", ARTWORK);
  await expect(poster).toHaveJSProperty("naturalWidth", 300);
  // No vote average in the film's own part of the page (the cards below are other films).
  await expect(customer.getByRole("region", { name: title, exact: true }).getByText(/Rated .* out of 10/)).toHaveCount(
    0,
  );
  await expect(customer.getByRole("listitem").filter({ hasText: "Ada Quill" }).locator("img")).toHaveAttribute(
    "src",
    ARTWORK,
  );
  const image = await customer.request.get((await poster.getAttribute("src"))!);
  expect(image.headers()["content-type"]).toBe("image/jpeg");
  expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await sharp(await image.body()).metadata()).width).toBe(300);

  // A customer buys a ticket for its show.
  await bookSeats(customer, jsEnabled, `/movies/${id}/${day}`, ["E5"]);
  await payWithGoodCard(customer);
  await expect(customer.getByText("Paid", { exact: true })).toBeVisible();
  const bookingUrl = customer.url();

  // Edited: the new title everywhere, the poster kept.
  await open(staff, "/admin/movies");
  await edit.click();
  await expect(staff.getByRole("heading", { name: `Edit ${title}` })).toBeVisible();
  await expect(staff.getByLabel("Actor 1")).toHaveValue("Ada Quill");
  await staff.getByLabel("Title").fill(`${title} Returns`);
  await staff.getByLabel("Tagline").fill("The light stays on.");
  await staff.getByLabel("Trailer", { exact: true }).fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await saveFilm(staff);
  await expect(staff.getByText(`${title} Returns saved.`)).toBeVisible();
  await open(customer, `/movies/${id}`);
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText(`${title} Returns`);
  await expect(customer.getByText("The light stays on.")).toBeVisible();
  // The trailer staff linked plays in YouTube's own player, framed only once Watch Trailer is pressed (a stand-in
  // answers for YouTube: tests reach no other host).
  await customer.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title>" }),
  );
  await expect(customer.locator("iframe")).toHaveCount(0);
  await customer.getByRole("link", { name: "Watch Trailer" }).click();
  await expect(customer.locator(`iframe[title="${title} Returns: trailer on YouTube"]`)).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
  );
  await expect(customer.getByRole("img", { name: `${title} Returns poster` })).toHaveAttribute("src", ARTWORK);

  // Retired: off the customer pages and Add Shows; the ticket sold still works.
  await staff.getByRole("button", { name: `Retire ${title} Returns` }).click();
  await expect(staff.getByText(`${title} Returns is retired`)).toBeVisible();
  expect((await customer.goto(`/movies/${id}`))?.status()).toBe(404);
  await open(customer, "/");
  await expect(movieCards(customer, "Now Showing").filter({ hasText: title })).toHaveCount(0);
  await open(staff, "/admin/add-shows");
  await staff.getByLabel("Search movies").fill(title);
  if (!jsEnabled) await staff.getByRole("button", { name: "Search", exact: true }).click();
  await expect(staff.getByRole("radio", { name: new RegExp(`^${title}`) })).toHaveCount(0);
  await open(customer, bookingUrl);
  await expect(customer.getByText(`${title} Returns`).first()).toBeVisible();
  await expect(customer.getByText("Paid", { exact: true })).toBeVisible();

  // Brought back, then retired again so the catalogue is as the other specs expect it.
  await open(staff, "/admin/movies");
  await staff.getByRole("button", { name: `Bring Back ${title} Returns` }).click();
  await expect(staff.getByText(`${title} Returns is back on the customer pages`)).toBeVisible();
  await open(customer, `/movies/${id}`);
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText(`${title} Returns`);
  await staff.getByRole("button", { name: `Retire ${title} Returns` }).click();
  await expect(staff.getByText(`${title} Returns is retired`)).toBeVisible();
});

test("staff upload a trailer video; the movie page plays it from the site, and staff can remove it", async ({
  customerPage: customer,
  staffBeside: staff,
  jsEnabled,
}) => {
  test.setTimeout(4 * 60_000);
  const title = `Harbour Lights ${randomUUID().slice(0, 6)}`;
  await open(staff, "/admin/movies/new");
  await staff.getByLabel("Title").fill(title);
  await staff.getByLabel("Runtime (minutes)").fill("96");
  await staff.getByLabel("Release date").fill("2021-02-01");
  const poster = { name: "poster.png", mimeType: "image/png", buffer: await picture(600, 900) };
  await staff.getByLabel("Poster").setInputFiles(poster);
  // A picture named .mp4 is refused by what it is, beside its field, and nothing is saved.
  await staff
    .getByLabel("Trailer video file")
    .setInputFiles({ name: "trailer.mp4", mimeType: "video/mp4", buffer: await picture(64, 64) });
  await saveFilm(staff);
  await expect(staff.getByText("The trailer video is not a video the site can play.")).toBeVisible();
  await expect(staff.getByLabel("Trailer video file")).toHaveAttribute("aria-invalid", "true");
  if (!jsEnabled) await staff.getByLabel("Poster").setInputFiles(poster);
  await staff.getByLabel("Trailer video file").setInputFiles({
    name: "trailer.webm",
    mimeType: "video/webm",
    buffer: fs.readFileSync("public/trailers/1002456.webm"),
  });
  await saveFilm(staff);
  await expect(staff.getByText(`${title} saved.`)).toBeVisible();
  const edit = staff.getByRole("link", { name: new RegExp(`^${title} ?: edit$`) });
  const id = (await edit.getAttribute("href"))!.split("/").pop()!;

  await open(customer, `/movies/${id}`);
  await expect(customer.locator("video")).toHaveCount(0);
  await customer.getByRole("link", { name: "Watch Trailer" }).click();
  const video = customer.locator("video");
  await expect(video).toHaveAttribute("src", /^\/videos\/[0-9a-f]{64}\.webm$/);
  await expect(video).toHaveAttribute("poster", ARTWORK);
  await expect(video).toHaveAttribute("preload", "none");
  const answer = await customer.request.get((await video.getAttribute("src"))!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("video/webm");
  expect((await answer.body()).byteLength).toBe(fs.statSync("public/trailers/1002456.webm").size);

  // Removed: Watch Trailer has nothing of the film's own to play.
  await edit.click();
  await expect(staff.getByRole("link", { name: "The uploaded trailer" })).toBeVisible();
  await staff.getByRole("checkbox", { name: "Remove the uploaded trailer" }).check();
  await saveFilm(staff);
  await expect(staff.getByText(`${title} saved.`)).toBeVisible();
  await open(customer, `/movies/${id}?trailer`);
  await expect(customer.locator("video")).toHaveCount(0);

  await open(staff, "/admin/movies");
  await staff.getByRole("button", { name: `Retire ${title}` }).click();
  await expect(staff.getByText(`${title} is retired`)).toBeVisible();
});
