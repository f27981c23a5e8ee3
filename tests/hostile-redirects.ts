// redirectTo values that must never take anyone off this site, shared by the unit and end-to-end tests.

/** Each of these is sent home ("/"). */
export const OFF_SITE_REDIRECTS = [
  "//evil.example",
  "///evil.example",
  "https://evil.example",
  "http://evil.example/movies",
  "HTTPS://evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "%2F%2Fevil.example",
  "%2f%2fevil.example",
  "\\%5Cevil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/.//evil.example",
  "/..//evil.example",
  "/./\\evil.example",
  "/\tevil.example",
  "/\n/evil.example",
  "/\r\n//evil.example",
  " //evil.example",
  "\u0000//evil.example",
  "evil.example",
  "//evil.example@127.0.0.1",
  "/\u000b/evil.example",
  "\u00a0//evil.example",
  "/\t/evil.example",
  "data:text/html,<h1>evil</h1>",
];

/** Local paths whose encoded slashes would point elsewhere if decoded: they stay, still encoded. */
export const ENCODED_LOCAL_REDIRECTS = ["/%2F%2Fevil.example", "/%5Cevil.example"];
