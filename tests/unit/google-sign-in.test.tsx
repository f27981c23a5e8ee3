import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", () => ({ useFetcher: () => ({ state: "idle", data: undefined, submit: vi.fn() }) }));
const { GoogleSignIn } = await import("~/components/GoogleSignIn");

const settings = async (env: Record<string, string>) => {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return (await import("~/http/google-sign-in.server")).googleSignInSettings();
};

describe("Google sign-in", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is offered with a Firebase project, and not against the Auth emulator, whose tokens cannot be checked", async () => {
    expect(await settings({ FIREBASE_PROJECT_ID: "cinema", FIREBASE_API_KEY: "key" })).toMatchObject({
      projectId: "cinema",
      apiKey: "key",
    });
    expect(await settings({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).toBeNull();
  });

  it("says it needs JavaScript in the page the server sends, its button disabled until the page runs", () => {
    const html = renderToStaticMarkup(
      <GoogleSignIn
        config={{ apiKey: "key", authDomain: "cinema.firebaseapp.com", projectId: "cinema" }}
        redirectTo="/"
      />,
    );
    expect(html).toMatch(/<button type="button" class="button button-google"[^>]* disabled=""/);
    expect(html).toContain("Google sign-in needs JavaScript.");
  });
});
