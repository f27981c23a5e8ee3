import { expect, test } from "./fixtures";
import { findAccount, uniqueEmail } from "./identity";

test("an oversized field gets a clear message and creates nothing", { tag: "@display" }, async ({ page }) => {
  const email = uniqueEmail("huge");
  const response = await page.request.post("/register", {
    form: { fullName: "x".repeat(100_000), email, password: "Secret123", confirmPassword: "Secret123", terms: "on" },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("This form is too large. Please shorten what you typed and try again.");
  expect(await findAccount(email)).toBeUndefined();
});

test("repeated and non-text fields get a clear message and create nothing", { tag: "@display" }, async ({ page }) => {
  const email = uniqueEmail("odd");
  const repeated = await page.request.post("/register", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: `fullName=Ann+Lee&email=${encodeURIComponent(email)}&email=other%40example.com&password=Secret123&confirmPassword=Secret123&terms=on`,
  });
  expect(repeated.status()).toBe(400);
  expect(await repeated.text()).toContain("This form could not be read. Please fill it in again.");
  const file = await page.request.post("/login", {
    multipart: { email, password: { name: "p.txt", mimeType: "text/plain", buffer: Buffer.from("secret") } },
  });
  expect(file.status()).toBe(400);
  expect(await file.text()).toContain("This form could not be read. Please fill it in again.");
  const missing = await page.request.post("/login", { form: {} });
  expect(missing.status()).toBe(400);
  expect(await missing.text()).toContain("Email is required");
  expect(await findAccount(email)).toBeUndefined();
});

test("a control character in a field is refused with a message naming the field, and creates nothing", async ({
  page,
}) => {
  const email = uniqueEmail("control");
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Ann\u0007Lee");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Secret123");
  await page.getByLabel("Confirm password").fill("Secret123");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Full name must not contain control characters.")).toBeVisible();
  for (const action of ["/login", "/register", "/forgot-password"]) {
    const response = await page.request.post(action, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: `fullName=Ann+Lee&email=a%00b%40example.com&password=Secret123&confirmPassword=Secret123&terms=on`,
    });
    expect(response.status(), action).toBe(400);
    expect(await response.text(), action).toContain("Email must not contain control characters.");
  }
  expect(await findAccount(email)).toBeUndefined();
});

test("the page shows the message for an oversized form", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(`${"a".repeat(20_000)}@example.com`);
  await page.getByLabel("Password").fill("secret-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText(/This form is too large|Invalid email address/)).toBeVisible();
});

test("a forged or unknown session cookie shows the signed-out site", { tag: "@display" }, async ({ page, baseURL }) => {
  for (const value of ["forged", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", "ImZvcmdlZCI%3D.c2lnbmF0dXJl"]) {
    await page.context().addCookies([{ name: "__session", value, url: baseURL! }]);
    const home = await page.goto("/");
    expect(home?.status()).toBe(200);
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await page.goto("/movies");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmovies$/);
  }
});

const GOOGLE_UNAVAILABLE =
  "Google sign-in is not available on this site. Please sign in with your email and password, or with an emailed link.";

test("a forged Google token is refused with a message", { tag: "@display" }, async ({ page }) => {
  const response = await page.request.post("/auth/google", {
    form: { idToken: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.forged-signature" },
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({ error: GOOGLE_UNAVAILABLE });
});

test("an unsigned ID token naming a real account signs nobody in", { tag: "@display" }, async ({ page, customer }) => {
  // The embedded emulator's own tokens are unsigned (alg none), so one written by hand looks just like them.
  const { localId } = (await findAccount(customer.email))!;
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const claims = {
    iss: "https://securetoken.google.com/demo-marquee",
    aud: "demo-marquee",
    sub: localId,
    user_id: localId,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    email: customer.email,
    email_verified: true,
    firebase: { identities: { email: [customer.email] }, sign_in_provider: "google.com" },
  };
  const response = await page.request.post("/auth/google", {
    form: { idToken: `${part({ alg: "none", typ: "JWT" })}.${part(claims)}.`, redirectTo: "/my-bookings" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({ error: GOOGLE_UNAVAILABLE });
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
});
