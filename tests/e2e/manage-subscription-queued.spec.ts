import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  CANCEL_ANSWER,
  WITHDRAW_ANSWER,
} from "../../supabase/functions/manage-subscription/messages.ts";
import { freePort } from "../tools/free-port.ts";
import { serveBuild, type Served } from "../tools/serve-build.ts";
import { expect, test } from "./test";

// Cancelling and withdrawing as a new user finds the site after `npm install && npm start`: no
// Stripe key, no Resend key, the embedded database on disk. Each takes one page and one button,
// shows the result, and `npm run outbox` prints the acknowledgment.

const run = promisify(execFile);
let server: Served;
let dbDir: string;

test.beforeAll(async () => {
  // A server with its own database on disk: seconds to open on a busy machine.
  test.setTimeout(90_000);
  dbDir = mkdtempSync(join(tmpdir(), "castloop-queued-"));
  const port = await freePort();
  server = await serveBuild({
    port,
    startTimeoutMs: 60_000,
    env: {
      SITE_URL: `http://127.0.0.1:${port}`,
      STRIPE_SECRET_KEY: "",
      SUBSCRIPTION_LINK_SECRET: "",
      RESEND_API_KEY: "",
      LOCAL_DB_DIR: dbDir,
      MANAGE_RATE_LIMIT: "0",
      MANAGE_EMAIL_RATE_LIMIT: "0",
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  if (dbDir !== undefined) rmSync(dbDir, { recursive: true, force: true });
});

/** What `npm run outbox` prints for the running server's database. */
async function outbox(): Promise<string> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "tools/outbox.ts"], {
    env: { ...process.env, LOCAL_DB_DIR: dbDir },
  });
  return stdout;
}

// Each flow waits for the function's fixed answer time and a child process reading the outbox.
test.describe.configure({ mode: "default", timeout: 60_000 });

test("cancels with one field and one button, and the outbox holds the acknowledgment", async ({
  page,
}) => {
  await page.goto(`${server.origin}/cancel`);
  await page.getByLabel("E-mail address used at checkout").fill("ada@example.com");
  await page.getByRole("button", { name: "Cancel my subscription" }).click();
  await expect(page).toHaveURL(`${server.origin}/cancel/requested`);
  await expect(page.locator("[data-manage-answer]")).toHaveText(CANCEL_ANSWER);

  const printed = await outbox();
  expect(printed).toContain("To:      ada@example.com");
  expect(printed).toContain("About:   cancellation_received");
  expect(printed).toContain("a person on our team completes your cancellation");
  expect(printed).toContain("Requests waiting for a person");
});

test("withdraws with one form and one button, and the outbox holds the receipt", async ({
  page,
}) => {
  await page.goto(`${server.origin}/withdraw`);
  await page.getByLabel("Your name").fill("Grace Hopper");
  await page.getByLabel("E-mail address used at checkout").fill("grace@example.com");
  await page.getByLabel("Where to send the confirmation").fill("grace.private@example.org");
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page).toHaveURL(`${server.origin}/withdraw/received`);
  await expect(page.locator("[data-manage-answer]")).toHaveText(WITHDRAW_ANSWER);

  const printed = await outbox();
  expect(printed).toContain("To:      grace.private@example.org");
  expect(printed).toContain("Name: Grace Hopper");
  expect(printed).toContain("a person on our team checks your statement");
});
