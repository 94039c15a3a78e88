import { describe, expect, it } from "vitest";
import { revisedDate, systemSources, type RevisedDateSources } from "./revised-date.server";

const sources = (over: Partial<RevisedDateSources>): RevisedDateSources => ({
  gitDate: () => null,
  changedSinceCommit: () => false,
  modifiedDate: () => null,
  ...over,
});

describe("a legal page's revised date", () => {
  it("is the last commit that changed the file", () => {
    const git = sources({ gitDate: () => "2026-11-20", modifiedDate: () => "2026-11-27" });
    expect(revisedDate("content/legal/terms.md", "2025-04-18", git)).toBe("2026-11-20");
  });

  it("is the file's modification date for an edit not yet committed", () => {
    const edited = sources({
      gitDate: () => "2026-11-20",
      changedSinceCommit: () => true,
      modifiedDate: () => "2026-11-27",
    });
    expect(revisedDate("content/legal/terms.md", "2025-04-18", edited)).toBe("2026-11-27");
  });

  it("falls back to the modification date without git, as in a tarball", () => {
    const tarball = sources({ modifiedDate: () => "2026-10-02" });
    expect(revisedDate("content/legal/terms.md", "2025-04-18", tarball)).toBe("2026-10-02");
  });

  it("is never before the page's Last updated date, nor missing", () => {
    const packed = sources({ modifiedDate: () => "1985-10-26" });
    expect(revisedDate("content/legal/terms.md", "2025-04-18", packed)).toBe("2025-04-18");
    expect(revisedDate("content/legal/terms.md", "2025-04-18", sources({}))).toBe("2025-04-18");
  });

  it("reads this checkout's git history for the real files", () => {
    const date = systemSources.gitDate("content/legal/terms.md");
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(systemSources.gitDate("content/legal/no-such-page.md")).toBeNull();
    expect(systemSources.modifiedDate("content/legal/terms.md")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
