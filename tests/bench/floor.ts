import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The machine's floor: a page of one heading and one paragraph, no stylesheet, no module, and one
 * inline script that marks it hydrated at once. The bench measures it beside the site, the same
 * way and in the same rounds, so that a reader can tell what the site costs from what the machine
 * costs at that moment (ADR 008): on a shared 2-core machine the same build has read Lighthouse
 * Performance 100 one day and 86 the next.
 */
export const floorPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><meta name="description" content="The bench's reference page."></head><body><main><h1>Floor</h1><p>One heading and one paragraph: what any page costs on this machine.</p></main><script>document.documentElement.setAttribute("data-hydrated", "")</script></body></html>`;

/** How the floor appears in the bench: its build name in the throttled rows, its row label. */
export const floorBuild = "floor";
export const floorLabel = "(floor)";

/** Serves `floorPage` at every path on a free loopback port. */
export async function serveFloorPage(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(floorPage);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
