import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, createWriteStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FullConfig } from "@playwright/test";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { e2eAdminPassword, e2eRunDir, mailLogPath, serverLogPath } from "./env.ts";
import { collectRunSecrets, findSecretsInLog } from "./log-scan.ts";

/**
 * Starts a real SMTP server that records every message to mail.jsonl, and the production build
 * of the store on a fresh embedded database, for the whole run.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = String(config.projects[0]?.use.baseURL);
  const port = new URL(baseURL).port;
  rmSync(e2eRunDir, { recursive: true, force: true });
  mkdirSync(e2eRunDir, { recursive: true });

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to)
            ? mail.to.map((a) => a.text).join(", ")
            : (mail.to?.text ?? "");
          appendFileSync(
            mailLogPath,
            `${JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html || "" })}\n`,
          );
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const root = resolve(process.cwd(), "..");
  const log = createWriteStream(serverLogPath);
  // The way `npm start` runs it (the build is already there: `npm run build` first).
  const server: ChildProcess = spawn(process.execPath, [join(root, "scripts", "start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: port,
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: join(e2eRunDir, "data"),
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      ADMIN_PASSWORD: e2eAdminPassword,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      STAFF_EMAIL: "staff@magiccityfloors.example",
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      REDIS_URL: "",
      MAIL_POLL_MS: "500",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`The store exited during start; see ${serverLogPath}`);
    try {
      const res = await fetch(`${baseURL}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    // A first start creates the embedded database: seconds on a quiet machine, more on a busy one.
    if (Date.now() - started > 120_000) {
      // Never leave a store running that no run will stop.
      server.kill("SIGKILL");
      throw new Error(`The store did not start in 120 s; see ${serverLogPath}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await new Promise<void>((r) => smtp.close(() => r()));
    await new Promise<void>((r) => (log.writableFinished ? r() : log.end(() => r())));

    // The whole run's server log must hold no secret: passwords, cards, tokens (docs/security.md).
    const secrets = await collectRunSecrets({
      adminPassword: e2eAdminPassword,
      specsDir: join(process.cwd(), "specs"),
      dataDir: join(e2eRunDir, "data"),
      databaseUrl: process.env.E2E_DATABASE_URL || undefined,
    });
    const findings = findSecretsInLog(readFileSync(serverLogPath, "utf8"), secrets);
    if (findings.length > 0) {
      throw new Error(
        `The server log of this run (${serverLogPath}) contains secrets:\n  ${findings.join("\n  ")}`,
      );
    }
    console.log(
      `Log scan: ${serverLogPath} holds none of ${secrets.plain.size} secrets and ${secrets.hashed.size} hashed tokens.`,
    );
  };
}
