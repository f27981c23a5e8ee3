// Two instances behind nginx on one PostgreSQL, as docs/operations.md describes it: nginx (run as an unprivileged user, with its
// files in a folder of its own) spreads requests over both, passes the client's X-Request-Id through and adds the
// client's address to X-Forwarded-For, which the sites read with TRUST_PROXY=true.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { installDebianPackage } from "../lib/debian-package.mjs";
import { freePort } from "../lib/site.mjs";
import { figure } from "./common.mjs";

const NGINX = "/usr/sbin/nginx";
const OPENSSL = "/usr/bin/openssl";
// A loopback address other than 127.0.0.1, so the address the site counts is visibly the client's, not nginx's.
const CLIENT_ADDRESS = "127.0.0.2";

// What every answer over https says, nginx's own error pages too: browsers use https alone for a year (decision 57).
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/**
 * The configuration docs/operations.md shows, with this run's folder, ports and instances: plain http on `port`,
 * https on `tlsPort` with a certificate of its own in the folder.
 * @param {{ prefix: string, port: number, tlsPort: number, upstreams: string[] }} options
 */
export function nginxConfig({ prefix, port, tlsPort, upstreams }) {
  return `# Marquee Cinemas behind nginx: two instances of the site on one PostgreSQL.
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 1m;

  upstream marquee {
${upstreams.map((u) => `    server ${u} max_fails=3 fail_timeout=10s;`).join("\n")}
    keepalive 32;
  }
  # The client's own request id if it sent one, else nginx's: the same id is then in nginx's log and the site's.
  map $http_x_request_id $marquee_request_id {
    default $http_x_request_id;
    "" $request_id;
  }
  # Only an answer over https tells the browser to keep to https; over http the value is empty and nginx sends none.
  map $scheme $marquee_hsts {
    https "${STRICT_TRANSPORT_SECURITY}";
    default "";
  }
  server {
    listen 127.0.0.1:${port};
    listen 127.0.0.1:${tlsPort} ssl;
    ssl_certificate ${prefix}/cert.pem;
    ssl_certificate_key ${prefix}/key.pem;
    # nginx says it, once: the site's own (TRUST_PROXY=true) is dropped, and nginx's error pages carry it too.
    proxy_hide_header Strict-Transport-Security;
    add_header Strict-Transport-Security $marquee_hsts always;
    location / {
      proxy_pass http://marquee;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # With its port: the site compares it with the Origin of a form post.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $marquee_request_id;
      # A booking post is not repeated on the other instance when the first fails mid-way.
      proxy_next_upstream error timeout;
    }
    location = /healthz { proxy_pass http://marquee; }
  }
}
`;
}

/**
 * A request to nginx from the client's address, over http or https (its certificate is its own, so not checked).
 * @param {string} url @param {{ method?: string, headers?: Record<string, string>, body?: string }} options
 * @returns {Promise<{ status: number | undefined, headers: http.IncomingHttpHeaders, text: string }>}
 */
export function requestThroughNginx(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const options = { method, headers, localAddress: CLIENT_ADDRESS, rejectUnauthorized: false };
    const send = url.startsWith("https:") ? https.request : http.request;
    const req = send(url, options, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.once("error", reject);
    req.end(body);
  });
}

/**
 * nginx on a free loopback port in front of these instances (`host:port` each), with its files in a folder of its
 * own; null when it is not installed and cannot be. `stop` ends it and removes the folder.
 * @param {string[]} upstreams
 */
export async function startNginx(upstreams) {
  if (!fs.existsSync(NGINX)) installDebianPackage("nginx");
  if (!fs.existsSync(NGINX)) return null;
  if (!fs.existsSync(OPENSSL)) installDebianPackage("openssl");
  if (!fs.existsSync(OPENSSL)) return null;
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "cinema-nginx-"));
  const [port, tlsPort] = [await freePort(), await freePort()];
  makeCertificate(prefix);
  fs.writeFileSync(path.join(prefix, "nginx.conf"), nginxConfig({ prefix, port, tlsPort, upstreams }));
  // nginx runs as an unprivileged account: as "nobody" when this runs as root, else as whoever runs it.
  const asNobody = process.getuid?.() === 0;
  if (asNobody) fs.chmodSync(prefix, 0o777);
  const command = [NGINX, "-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"];
  const nginx = asNobody
    ? spawn("runuser", ["-u", "nobody", "--", ...command], { stdio: "ignore" })
    : spawn(command[0], command.slice(1), { stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  const secureBase = `https://127.0.0.1:${tlsPort}`;
  const pidFile = path.join(prefix, "nginx.pid");
  const stop = async () => {
    if (fs.existsSync(pidFile)) process.kill(Number(fs.readFileSync(pidFile, "utf8")), "SIGTERM");
    else nginx.kill("SIGTERM");
    await sleep(500);
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  const answers = () =>
    requestThroughNginx(`${base}/healthz`).then(
      () => true,
      () => false,
    );
  for (let i = 0; i < 100; i++) {
    if (await answers()) return { base, secureBase, pidFile, stop };
    await sleep(100);
  }
  await stop();
  throw new Error("nginx did not answer within 10 s");
}

/** A self-signed certificate for 127.0.0.1, valid for a day, in `folder` (cert.pem, key.pem). @param {string} folder */
function makeCertificate(folder) {
  const [key, cert] = [path.join(folder, "key.pem"), path.join(folder, "cert.pem")];
  const request = "req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1".split(" ");
  const made = spawnSync(OPENSSL, [...request, "-keyout", key, "-out", cert], { encoding: "utf8" });
  if (made.status !== 0) throw new Error(`openssl could not make nginx's certificate: ${made.stderr}`);
  // nginx may run as "nobody" (below); this key guards nothing but a test on the loopback.
  fs.chmodSync(key, 0o644);
}

/** @param {Awaited<ReturnType<typeof import("./common.mjs").startSites>>} setup */
export async function proxied(setup) {
  const upstreams = setup.sites.map((site) => new URL(site.url).host);
  const nginx = await startNginx(upstreams);
  if (!nginx) return { figures: [figure("nginx", "not installed", "installed", false)] };
  const { base, secureBase } = nginx;
  try {
    const ids = Array.from({ length: 20 }, (_, i) => `prove-nginx-${i}-${Date.now()}`);
    const answers = [];
    for (const id of ids) answers.push(await requestThroughNginx(`${base}/`, { headers: { "X-Request-Id": id } }));
    const pages = answers.filter((a) => a.status === 200 && /Marquee/.test(a.text)).length;
    const idsBack = answers.filter((a, i) => a.headers["x-request-id"] === ids[i]).length;
    const secure = await requestThroughNginx(`${secureBase}/`);
    const hsts = [secure, answers[0]].map((a) => a.headers["strict-transport-security"] ?? "none").join(" / ");
    const servedBy = setup.sites.map((site) => ids.filter((id) => site.output().includes(`"reqId":"${id}"`)).length);
    // A visitor's booking post counts against the limit of their address: the site must have seen the client's.
    await requestThroughNginx(`${base}/movies/1/2030-01-01`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: "time=x",
    });
    const counted = await setup.withDb((db) =>
      db.query("select distinct key from rate_limit_hits where bucket = 'booking-post:client'"),
    );
    const clientSeen = counted.some((row) => row.key === CLIENT_ADDRESS);
    const master = fs.readFileSync(nginx.pidFile, "utf8").trim();
    const user = spawnSync("ps", ["-o", "user=", "-p", master], { encoding: "utf8" }).stdout.trim();
    return {
      figures: [
        figure(
          `nginx ${nginxVersion()} in front of ${upstreams.length} instances: pages served`,
          `${pages} of 20`,
          "20",
          pages === 20,
        ),
        figure(
          "requests answered by each instance",
          servedBy.join(" / "),
          "> 0 each",
          servedBy.every((n) => n > 0),
        ),
        figure("X-Request-Id passed through (answer and site log)", `${idsBack} of 20`, "20", idsBack === 20),
        figure(
          "Strict-Transport-Security over https / over http",
          hsts,
          `${STRICT_TRANSPORT_SECURITY} / none`,
          secure.status === 200 && hsts === `${STRICT_TRANSPORT_SECURITY} / none`,
        ),
        figure(
          "client address the site counted (X-Forwarded-For)",
          counted.map((r) => r.key).join(", ") || "none",
          CLIENT_ADDRESS,
          clientSeen,
        ),
        figure("nginx runs as", user || "?", "not root", Boolean(user) && user !== "root"),
      ],
    };
  } finally {
    await nginx.stop();
  }
}

function nginxVersion() {
  return /nginx\/([\d.]+)/.exec(spawnSync(NGINX, ["-v"], { encoding: "utf8" }).stderr)?.[1] ?? "?";
}
