import { writeFileSync } from "node:fs";
import { CONFIGURATION_DOC, renderConfigurationDoc } from "./render.ts";

// `npm run docs:config`: the one way to update docs/configuration.md (a test compares them).
writeFileSync(CONFIGURATION_DOC, await renderConfigurationDoc());
console.log(`wrote ${CONFIGURATION_DOC}`);
