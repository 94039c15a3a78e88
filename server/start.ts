import { loadEnvOrExit } from "./env.ts";
import { ensureFreshBuild } from "./fresh-build.ts";

// `npm start`: build when anything that goes into the build changed since the last build, then
// run the production server in the foreground.
loadEnvOrExit();
ensureFreshBuild();

await import("./main.ts");
