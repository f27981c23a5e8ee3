import { describe, expect, it } from "vitest";
import { readFilmUpload } from "~/http/film-form.server";
import { FORM_TOO_LARGE } from "~/http/forms.server";
import { MAX_ARTWORK_BYTES } from "~/models/artwork.server";

const MB = 1024 * 1024;

function post(form: FormData) {
  return new Request("http://localhost/admin/movies/new", { method: "POST", body: form });
}

describe("readFilmUpload", () => {
  it("keeps the text fields and files up to 10 MB; a larger file is read to its end and named, not kept", async () => {
    const form = new FormData();
    form.append("title", "Harbour Lights");
    form.append("castName[0]", "Ada Quill");
    form.append("poster", new File([new Uint8Array(20 * MB)], "poster.jpg", { type: "image/jpeg" }));
    form.append("backdrop", new File([new Uint8Array(MAX_ARTWORK_BYTES)], "backdrop.png", { type: "image/png" }));
    form.append("castPhoto[0]", new File([], "", { type: "application/octet-stream" }));
    const upload = await readFilmUpload(post(form));
    expect(upload.ok).toBe(true);
    if (!upload.ok) return;
    expect(upload.oversized).toEqual(["poster"]);
    expect([...upload.files.keys()]).toEqual(["backdrop"]);
    expect(upload.files.get("backdrop")!.bytes.byteLength).toBe(MAX_ARTWORK_BYTES);
    expect(await upload.textRequest.text()).toBe("title=Harbour+Lights&castName%5B0%5D=Ada+Quill");
  });

  it("refuses a body larger than the form's text and every picture it has a field for, as it streams in", async () => {
    const form = new FormData();
    for (let index = 0; index < 20; index++)
      form.append(`castPhoto[${index % 12}]`, new File([new Uint8Array(9 * MB)], "photo.jpg"));
    const request = post(form);
    expect(await readFilmUpload(request)).toEqual({ ok: false, message: FORM_TOO_LARGE });
  });
});
