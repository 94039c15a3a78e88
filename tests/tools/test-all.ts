import { spawnSync } from "node:child_process";
import { delimiter, resolve } from "node:path";
import { ensureTestBuild } from "../site-under-test.ts";

// `npm test` (and `npm run test:quick` with --quick): the tests' build once, then every layer
// against it, stopping at the first stage that fails, and each stage's time at the end.
const quick = process.argv.includes("--quick");

type Stage = { name: string; run: () => boolean };

// The project's own tools first, as under `npm run`, so this also runs as `tsx tests/tools/test-all.ts`.
const env = {
  ...process.env,
  PATH: `${resolve("node_modules/.bin")}${delimiter}${process.env.PATH}`,
};
const command = (line: string) => () =>
  spawnSync(line, { shell: true, stdio: "inherit", env }).status === 0;

const stages: Stage[] = [
  {
    name: "build (skipped when fresh)",
    run: () => {
      ensureTestBuild();
      return true;
    },
  },
  quick
    ? {
        name: "Vitest: unit, build checks, real PostgreSQL",
        run: command(
          "tsx tests/tools/ensure-postgres.ts && vitest run --project unit --project build --project postgres",
        ),
      }
    : {
        name: "Vitest: unit, build checks, real PostgreSQL, integration",
        run: command("tsx tests/tools/ensure-postgres.ts && vitest run"),
      },
  { name: "Deno: the edge functions", run: command("npm run test:functions") },
  {
    name: quick ? "Playwright: smoke" : "Playwright: browser tests",
    run: command(
      `tsx tests/tools/ensure-chromium.ts && playwright test${quick ? " --grep @smoke" : ""}`,
    ),
  },
];

const times: [string, number][] = [];
let failed: string | undefined;
const started = performance.now();
for (const stage of stages) {
  const start = performance.now();
  let ok = false;
  try {
    ok = stage.run();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
  }
  times.push([stage.name, performance.now() - start]);
  if (!ok) {
    failed = stage.name;
    break;
  }
}
times.push(["total", performance.now() - started]);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
console.log(`\n${quick ? "npm run test:quick" : "npm test"}: stage times`);
for (const [name, ms] of times) console.log(`  ${seconds(ms)}  ${name}`);
if (failed) {
  console.error(`\nFailed at: ${failed}`);
  process.exit(1);
}
