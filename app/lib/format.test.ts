import { describe, expect, it } from "vitest";
import { formatCents, formatEpisodes, formatPrice } from "~/lib/format";

describe("formatPrice and formatEpisodes", () => {
  const usd = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });

  it.each([0, 7, 79, 149, 299, 999, 1000, 1299, 25000, 1234567])("%d as Intl would", (price) => {
    expect(formatPrice(price)).toBe(usd.format(price));
  });

  it("keeps Custom, and refuses prices that are not whole dollars", () => {
    expect(formatPrice("Custom")).toBe("Custom");
    for (const bad of [79.5, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => formatPrice(bad)).toThrow(RangeError);
    }
  });

  it("counts episodes", () => {
    expect(formatEpisodes(1)).toBe("1 episode per month");
    expect(formatEpisodes(4)).toBe("4 episodes per month");
    expect(formatEpisodes("Custom")).toBe("Custom episode volume");
  });
});

describe("formatCents", () => {
  const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

  it.each([0, 5, 99, 100, 3950, 3725, 4983, 123405, 100000000])(
    "%d cents as Intl would",
    (cents) => {
      expect(formatCents(cents)).toBe(usd.format(cents / 100));
    },
  );

  it("refuses amounts that are not whole cents", () => {
    for (const bad of [39.5, -1, Number.NaN]) expect(() => formatCents(bad)).toThrow(RangeError);
  });
});
