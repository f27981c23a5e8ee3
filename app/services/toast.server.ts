import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { config, secrets } from "./config.server";

const toastSessionStorage = createCookieSessionStorage({
  cookie: {
    name: "toast",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    secrets: secrets.session,
  },
});

export const {
  getToast,
  jsonWithError,
  jsonWithSuccess,
  redirectWithError,
  redirectWithSuccess,
  redirectWithInfo,
} = createToastUtilsWithCustomSession(toastSessionStorage);
