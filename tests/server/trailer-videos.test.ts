// A trailer video staff upload on the film form, served by the built site as a phone's player asks for it: whole,
// by ranges (206 with those bytes, 416 past the end), and not again while its ETag holds (decision 79).
import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInStaff, startSite, type Site } from "./site";

const WEBM = fs.readFileSync("public/trailers/1002456.webm");

// The start of a real MP4: its `ftyp` box.
const MP4_HEADER = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\x02\0isomavc1", "latin1")]);

describe("an uploaded trailer video", () => {
  let site: Site;
  let cookie: string;
  let videoPath: string;

  async function addFilm(title: string, trailer: File) {
    const poster = await sharp({ create: { width: 600, height: 900, channels: 3, background: "#b5651d" } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title,
      runtimeMinutes: "96",
      releaseDate: "2027-02-01",
      originalLanguage: "en",
    }))
      form.append(name, value);
    form.append("poster", new File([poster], "poster.png"));
    form.append("trailerFile", trailer);
    return fetch(`${site.url}/admin/movies/new`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: site.url, "Sec-Fetch-Site": "same-origin" },
      body: form,
    });
  }

  beforeAll(async () => {
    // A limit of 1 MB, so a video over it is small enough for a test to send.
    site = await startSite({ env: { MAX_TRAILER_MB: "1" } });
    cookie = await signedInStaff(site);
    const saved = await addFilm("Harbour Lights", new File([WEBM], "trailer.webm"));
    expect(saved.status).toBe(302);
    const list = await (await fetch(`${site.url}/admin/movies`, { headers: { Cookie: cookie } })).text();
    const id = /href="\/admin\/movies\/(harbour-lights-[0-9a-f]{6})"/.exec(list)?.[1];
    const page = await (await fetch(`${site.url}/movies/${id}?trailer`)).text();
    videoPath = /<video[^>]* src="(\/videos\/[0-9a-f]{64}\.webm)"/.exec(page)?.[1] ?? "";
    expect(videoPath).not.toBe("");
  });

  afterAll(async () => {
    expect(await site.stop()).toBe(0);
    fs.rmSync(site.dataDir, { recursive: true, force: true });
  });

  const get = (headers: Record<string, string> = {}) => fetch(site.url + videoPath, { headers });

  it("is served whole, as WebM, cached a year under its content's hash", async () => {
    const answer = await get();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("video/webm");
    expect(answer.headers.get("accept-ranges")).toBe("bytes");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("content-length")).toBe(String(WEBM.byteLength));
    expect(Buffer.from(await answer.arrayBuffer()).equals(WEBM)).toBe(true);
  });

  it("answers a range with 206 and those bytes, the last bytes too", async () => {
    const middle = await get({ Range: "bytes=1000-1999" });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe(`bytes 1000-1999/${WEBM.byteLength}`);
    expect(middle.headers.get("content-length")).toBe("1000");
    expect(Buffer.from(await middle.arrayBuffer()).equals(WEBM.subarray(1000, 2000))).toBe(true);
    const end = await get({ Range: "bytes=-100" });
    expect(end.status).toBe(206);
    expect(Buffer.from(await end.arrayBuffer()).equals(WEBM.subarray(WEBM.byteLength - 100))).toBe(true);
  });

  it("answers a range past the end with 416 and the video's length", async () => {
    const past = await get({ Range: `bytes=${WEBM.byteLength}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${WEBM.byteLength}`);
  });

  it("answers 304 to a browser that has it, and the site's 404 page for a hash no video has", async () => {
    const first = await get();
    await first.arrayBuffer();
    const etag = first.headers.get("etag")!;
    expect(etag).toBe(`"${/([0-9a-f]{64})/.exec(videoPath)![1]}"`);
    const again = await get({ "If-None-Match": etag });
    expect(again.status).toBe(304);
    const missing = await fetch(`${site.url}/videos/${"0".repeat(64)}.webm`);
    expect(missing.status).toBe(404);
    const wrongType = await fetch(site.url + videoPath.replace(".webm", ".mp4"));
    expect(wrongType.status).toBe(404);
  });

  it("refuses a video over MAX_TRAILER_MB beside its field, and saves no film", async () => {
    const video = Buffer.concat([MP4_HEADER, Buffer.alloc(1536 * 1024)]);
    const refused = await addFilm("Larger Than Allowed", new File([video], "trailer.mp4"));
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain(
      "The trailer video is larger than 1 MB. Please choose a smaller file, or paste its address on YouTube or Vimeo instead.",
    );
    const list = await (await fetch(`${site.url}/admin/movies`, { headers: { Cookie: cookie } })).text();
    expect(list).toContain("Harbour Lights");
    expect(list).not.toContain("Larger Than Allowed");
  });
});
