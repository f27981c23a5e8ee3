// Every staff route and action, for every role, from the one table of what each role may do (decision 69). A new
// app/routes/admin.* file fails the first test until it has its row here.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roleAllows, type StaffPermission, type StaffRole } from "~/domain/staff-roles";
import { postForm, register, signedInStaff, signIn, startSite, tempDataDir, type Site } from "./site";

const NO_SUCH = "00000000-0000-4000-8000-000000000000";
/** Each admin route file: a URL it answers, and the permission it needs (null: any staff member). */
// `postPermission`: what a post asks for where it differs from the page's.
const ROUTES: Record<string, { url: string; permission: StaffPermission | null; postPermission?: StaffPermission }> = {
  "admin.tsx": { url: "/admin", permission: null },
  "admin.$.tsx": { url: "/admin/no-such-page", permission: null },
  "admin._index.tsx": { url: "/admin?index", permission: "manage-bookings" },
  "admin.add-shows.tsx": { url: "/admin/add-shows", permission: "manage-programme" },
  "admin.changes.tsx": { url: "/admin/changes", permission: "manage-staff" },
  "admin.changes[.csv].tsx": { url: "/admin/changes.csv", permission: "manage-staff" },
  "admin.counter._index.tsx": { url: "/admin/counter", permission: "sell-at-counter" },
  "admin.counter.sales.$id._index.tsx": { url: `/admin/counter/sales/${NO_SUCH}`, permission: "sell-at-counter" },
  "admin.counter.sales.$id.print.tsx": { url: `/admin/counter/sales/${NO_SUCH}/print`, permission: "sell-at-counter" },
  "admin.counter.sales.$id.promo.tsx": { url: `/admin/counter/sales/${NO_SUCH}/promo`, permission: "sell-at-counter" },
  "admin.counter.sales.$id.ticket-types.tsx": {
    url: `/admin/counter/sales/${NO_SUCH}/ticket-types`,
    permission: "sell-at-counter",
  },
  "admin.counter.shows.$id.tsx": { url: `/admin/counter/shows/${NO_SUCH}`, permission: "sell-at-counter" },
  "admin.check-in.$code.tsx": { url: "/admin/check-in/not-a-code", permission: "check-in" },
  "admin.check-in._index.tsx": { url: "/admin/check-in?index", permission: "check-in" },
  "admin.hall-day.tsx": { url: "/admin/hall-day", permission: "manage-programme" },
  "admin.halls.$id.tsx": { url: `/admin/halls/${NO_SUCH}`, permission: "manage-programme" },
  "admin.halls._index.tsx": { url: "/admin/halls", permission: "manage-programme" },
  "admin.list-bookings.tsx": { url: "/admin/list-bookings", permission: "manage-bookings" },
  "admin.list-bookings[.csv].tsx": { url: "/admin/list-bookings.csv", permission: "manage-bookings" },
  "admin.list-shows.tsx": { url: "/admin/list-shows", permission: "manage-programme" },
  "admin.movies._index.tsx": { url: "/admin/movies", permission: "manage-programme" },
  "admin.movies.$id.tsx": { url: "/admin/movies/new", permission: "manage-programme" },
  "admin.movies.$id_.status.tsx": { url: `/admin/movies/${NO_SUCH}/status`, permission: "manage-programme" },
  "admin.movies_.import.tsx": { url: "/admin/movies/import", permission: "manage-programme" },
  "admin.outbox.$id.tsx": { url: `/admin/outbox/${NO_SUCH}`, permission: "manage-bookings" },
  "admin.outbox.$id[.eml].tsx": { url: `/admin/outbox/${NO_SUCH}.eml`, permission: "manage-bookings" },
  "admin.outbox._index.tsx": { url: "/admin/outbox", permission: "manage-bookings" },
  "admin.prices.tsx": { url: "/admin/prices", permission: "manage-programme" },
  "admin.promo-codes.tsx": { url: "/admin/promo-codes", permission: "manage-programme" },
  "admin.reports.tsx": { url: "/admin/reports", permission: "manage-bookings" },
  "admin.reports[.csv].tsx": { url: "/admin/reports.csv", permission: "manage-bookings" },
  "admin.schedule.tsx": { url: "/admin/schedule", permission: "manage-programme" },
  "admin.shows.$id.cancel.tsx": { url: `/admin/shows/${NO_SUCH}/cancel`, permission: "manage-programme" },
  "admin.shows.$id.move.tsx": { url: `/admin/shows/${NO_SUCH}/move`, permission: "manage-programme" },
  "admin.shows.$id.prices.tsx": { url: `/admin/shows/${NO_SUCH}/prices`, permission: "manage-programme" },
  "admin.staff.tsx": { url: "/admin/staff", permission: "manage-staff" },
  "admin.takings.tsx": { url: "/admin/takings", permission: "sell-at-counter", postPermission: "manage-staff" },
  "admin.takings[.csv].tsx": { url: "/admin/takings.csv", permission: "sell-at-counter" },
};

let site: Site;
const dataDir = tempDataDir();
const cookies = {} as Record<StaffRole | "customer", string>;

/** An account made in the Auth emulator with its email already verified, as a sign-in link leaves it. */
async function verifiedAccount(email: string, password: string) {
  const toolkit = `http://${site.authEmulatorHost()}/identitytoolkit.googleapis.com/v1`;
  const made = await fetch(`${toolkit}/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password, displayName: email.split("@")[0] }),
  });
  const { localId } = (await made.json()) as { localId: string };
  await fetch(`${toolkit}/projects/demo-marquee/accounts:update`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
    body: JSON.stringify({ localId, emailVerified: true }),
  });
}

/** The invitation's id, read from its mail as the outbox wrote it into the data folder. */
async function invitationIdMailedTo(email: string) {
  const folder = path.join(dataDir, "outbox");
  for (let tries = 0; tries < 300; tries++) {
    for (const name of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
      const text = fs.readFileSync(path.join(folder, name), "utf8").replace(/=\r?\n/g, "");
      if (!text.includes(`To: ${email}`)) continue;
      const id = /staff-invitation(?:\/|%2F)([0-9a-f-]{36})/i.exec(text)?.[1];
      if (id) return id;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation mailed to ${email}`);
}

async function joinAs(role: StaffRole) {
  const email = `${role}-${Date.now()}@example.com`;
  const password = "Passw0rd-test";
  await verifiedAccount(email, password);
  const invited = await postForm(site, "/admin/staff", { intent: "invite", email, role }, { Cookie: cookies.manager });
  expect(invited.status).toBe(302);
  const id = await invitationIdMailedTo(email);
  const cookie = (await signIn(site, email, password))!;
  const accepted = await postForm(site, `/staff-invitation/${id}`, {}, { Cookie: cookie });
  expect(accepted.status).toBe(302);
  const again = await postForm(site, `/staff-invitation/${id}`, {}, { Cookie: cookie });
  expect(again.status).toBe(409);
  expect(await again.text()).toContain("This invitation has already been accepted.");
  return cookie;
}

beforeAll(async () => {
  site = await startSite({ dataDir, env: { POST_LIMITS: "false" } });
  cookies.manager = await signedInStaff(site);
  cookies["box-office"] = await joinAs("box-office");
  cookies.door = await joinAs("door");
  const customer = await register(site, `customer-${Date.now()}@example.com`);
  cookies.customer = (await signIn(site, customer.email, customer.password))!;
}, 240_000);

afterAll(async () => {
  await site?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("staff roles on every staff route", () => {
  it("has a role rule for every app/routes/admin.* file", () => {
    const files = fs.readdirSync("app/routes").filter((name) => name === "admin.tsx" || name.startsWith("admin."));
    expect(files.filter((name) => !(name in ROUTES))).toEqual([]);
  });

  const cases = Object.entries(ROUTES).flatMap(([file, route]) =>
    (["manager", "box-office", "door", "customer"] as const).map((who) => ({ file, who, ...route })),
  );

  it.each(cases)("$file for $who: page and post allowed only by the role's rule", async (route) => {
    const { url, permission, postPermission = permission, who } = route;
    const headers = { Cookie: cookies[who] };
    const page = await fetch(site.url + url, { headers, redirect: "manual" });
    const post = await postForm(site, url, { intent: "nothing" }, headers);
    if (who === "customer") {
      expect(page.status).toBe(403);
      expect(await page.text()).toContain("This page is for cinema staff only.");
      expect(post.status).toBe(403);
      return;
    }
    const allows = (needed: StaffPermission | null) => needed === null || roleAllows(who, needed);
    for (const [response, allowed] of [
      [page, allows(permission)],
      [post, allows(postPermission)],
    ] as const) {
      if (allowed) expect(response.status, `${who} ${response.url}`).not.toBe(403);
      else {
        // The dashboard sends a role that may not see it to Check In; everything else refuses with words.
        if (url === "/admin?index" && response === page) {
          expect(response.status).toBe(302);
          expect(response.headers.get("Location")).toBe("/admin/check-in");
          continue;
        }
        expect(response.status, `${who} ${url}`).toBe(403);
        expect(await response.text()).toContain("does not include this page or action, so nothing was changed");
      }
    }
  });
});
