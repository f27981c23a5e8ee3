import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { FormErrors, FormField } from "~/components/FormField";
import { accountFailure } from "~/http/account-failures.server";
import { readSubmission } from "~/http/forms.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requestPasswordReset } from "~/models/accounts.server";
import { forgotPasswordSchema } from "~/schemas/forgot-password";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];
export const meta: MetaFunction = () => [
  { title: "Reset your password – Marquee Cinemas" },
  { name: "description", content: "Get a link to choose a new password for your Marquee Cinemas account." },
];

const RESET_SENT_MESSAGE = "If an account exists for that email, we have sent it a link to reset the password.";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readSubmission(request, forgotPasswordSchema);
  if (!form.ok) return form.response;
  const result = await requestPasswordReset(form.value.email, context.clientAddress);
  if (!result.ok) {
    const { message, status } = accountFailure(result);
    return form.refuse(message, status);
  }
  return redirectWithSuccess("/login", RESET_SENT_MESSAGE);
}

export default function ForgotPassword() {
  const lastResult = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="auth-page" aria-labelledby="forgot-title">
      <div className="auth-card">
        <Link to="/" className="brand auth-brand">
          Marquee
        </Link>
        <h1 id="forgot-title">Reset your password</h1>
        <p className="auth-intro">
          Enter the email you signed up with and we will send you a link to choose a new password.
        </p>
        <Form method="post" {...getFormProps(form)} className="auth-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <FormField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <button type="submit" className="button button-large" disabled={submitting}>
            {submitting ? "Sending..." : "Send reset link"}
          </button>
        </Form>
        <p className="auth-switch">
          <Link to="/login" className="text-link">
            Back to sign in
          </Link>
        </p>
      </div>
    </section>
  );
}
