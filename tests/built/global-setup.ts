import { ensureTestBuild } from "../site-under-test.ts";

// The build checks read the tests' build: make it unless build/ already holds it.
export default function setup(): void {
  ensureTestBuild();
}
