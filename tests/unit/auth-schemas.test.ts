import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { forgotPasswordSchema } from "~/schemas/forgot-password";
import { loginSchema } from "~/schemas/login";
import { registerSchema } from "~/schemas/register";
import { signInLinkRequestSchema } from "~/schemas/sign-in-link";

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  return data;
}

function errors(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string | string[]>) {
  const submission = parseWithZod(form(fields), { schema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

describe("login schema", () => {
  it("asks for the email and password", () => {
    expect(errors(loginSchema, {})).toEqual({ email: ["Email is required"], password: ["Password is required"] });
  });

  it("checks the email pattern and the password length", () => {
    expect(errors(loginSchema, { email: "not-an-email", password: "12345" })).toEqual({
      email: ["Invalid email address"],
      password: ["Password must be at least 6 characters"],
    });
    expect(errors(loginSchema, { email: "a@b", password: "123456" })).toEqual({ email: ["Invalid email address"] });
  });

  it("accepts a valid sign-in with remember me, lower-casing the email", () => {
    const submission = parseWithZod(form({ email: " Ann@Example.COM ", password: "secret", remember: "on" }), {
      schema: loginSchema,
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      email: "ann@example.com",
      remember: true,
    });
  });

  it("refuses repeated and oversized fields with a message", () => {
    expect(errors(loginSchema, { email: ["a@b.co", "c@d.co"], password: "secret" })).toEqual({
      email: ["Invalid email address"],
    });
    expect(errors(loginSchema, { email: `${"a".repeat(300)}@b.co`, password: "x".repeat(200) })).toEqual({
      email: ["Invalid email address"],
      password: ["Password must be at most 128 characters"],
    });
  });
});

describe("register schema", () => {
  const valid = {
    fullName: "Ann Lee",
    email: "ann@example.com",
    password: "Secret123",
    confirmPassword: "Secret123",
    terms: "on",
  };

  it("accepts a complete form", () => {
    expect(errors(registerSchema, valid)).toEqual({});
  });

  it("shows every validation message for an empty form", () => {
    expect(errors(registerSchema, {})).toEqual({
      fullName: ["Full name is required"],
      email: ["Email is required"],
      password: ["Password is required"],
      confirmPassword: ["Please confirm your password"],
      terms: ["You must accept the terms and conditions"],
    });
  });

  it("checks name length, password strength and the match", () => {
    expect(errors(registerSchema, { ...valid, fullName: "A" })).toEqual({
      fullName: ["Name must be at least 2 characters"],
    });
    expect(errors(registerSchema, { ...valid, password: "Sec1", confirmPassword: "Sec1" })).toEqual({
      password: ["Password must be at least 8 characters"],
    });
    expect(errors(registerSchema, { ...valid, password: "secret123", confirmPassword: "secret123" })).toEqual({
      password: ["Must include uppercase, lowercase, and number"],
    });
    expect(errors(registerSchema, { ...valid, confirmPassword: "Secret124" })).toEqual({
      confirmPassword: ["Passwords do not match"],
    });
  });

  it("reports a mismatch together with the other mistakes", () => {
    expect(errors(registerSchema, { fullName: "A", password: "Secret123", confirmPassword: "nope" })).toMatchObject({
      fullName: ["Name must be at least 2 characters"],
      confirmPassword: ["Passwords do not match"],
      terms: ["You must accept the terms and conditions"],
    });
  });
});

describe("forgot password schema", () => {
  it("needs a valid email", () => {
    expect(errors(forgotPasswordSchema, {})).toEqual({ email: ["Email is required"] });
    expect(errors(forgotPasswordSchema, { email: "x" })).toEqual({ email: ["Invalid email address"] });
  });
});

describe("every email field", () => {
  const schemas = { loginSchema, registerSchema, forgotPasswordSchema, signInLinkRequestSchema };

  it("takes exactly one address, never a list or a group that a mailer would read as other mailboxes", () => {
    const notOneAddress = [
      "zed@example.com,x.y",
      "x:zed@example.com;",
      "ann@example.com, zed@example.com",
      "ann@example.com;zed@example.com",
      "Zed <zed@example.com>",
      "<zed@example.com>",
      '"zed@example.com"@example.com',
      "zed@example.com (Zed)",
      "ann zed@example.com",
      "ann@zed@example.com",
      ".ann@example.com",
      "ann..lee@example.com",
      "ann@-example.com",
      "ann@example..com",
      `${"a".repeat(65)}@example.com`,
    ];
    for (const [name, schema] of Object.entries(schemas))
      for (const email of notOneAddress)
        expect(errors(schema, { email }).email, `${name}: ${email}`).toEqual(["Invalid email address"]);
  });

  it("keeps the addresses people have", () => {
    for (const email of ["ann@example.com", "ann.lee+films@mail.example.co.uk", "o'neil@example.ie", "a_b-c@x-y.io"])
      expect(errors(forgotPasswordSchema, { email }), email).toEqual({});
  });
});
