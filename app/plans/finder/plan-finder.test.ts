import { describe, expect, it } from "vitest";
import {
  finderEpisodes,
  finderNeeds,
  planCoversNeed,
  plansByEpisodes,
  recommendPlan,
  type FinderInput,
  type NeedId,
} from "./plan-finder";
import { featureValue, plans, startsCheckout, type Plan } from "~/plans/plans";
import { readFileSync } from "node:fs";
import { timeLogRows } from "~/content/time-log.server";
import { countedTasks, startingTaskHours, timeSaved, writingTasks } from "./time-saved";

const defaultTaskHours = startingTaskHours(
  timeLogRows(readFileSync("content/blog/content-repurposing.md", "utf8")),
);

const needIds = finderNeeds.map((need) => need.id);

/** Every subset of the needs: 2^10 sets. */
function* needSets(): Generator<NeedId[]> {
  for (let mask = 0; mask < 1 << needIds.length; mask++) {
    yield needIds.filter((_, bit) => mask & (1 << bit));
  }
}

function* everyInput(): Generator<FinderInput> {
  for (let episodes = finderEpisodes.min; episodes <= finderEpisodes.max; episodes++) {
    for (const needs of needSets()) yield { episodes, needs };
  }
}

/** Independent of the module: does this plan's data cover the input? */
function coversByData(p: Plan, { episodes, needs }: FinderInput): boolean {
  if (p.episodesPerMonth !== "Custom" && p.episodesPerMonth < episodes) return false;
  return needs.every((id) =>
    planCoversNeed(
      p,
      finderNeeds.find((n) => n.id === id)!,
    ),
  );
}

const price = (p: Plan) => (p.price === "Custom" ? Number.POSITIVE_INFINITY : p.price);

describe("recommendPlan: one case for each plan", () => {
  it.each([
    [2, [], "Starter"],
    [4, ["x-threads"], "Pro"],
    [5, ["scheduling"], "Expert"],
    [10, [], "Agency"],
  ] as const)("%d episodes with %j: %s", (episodes, needs, name) => {
    expect(recommendPlan({ episodes, needs }).plan.name).toBe(name);
  });

  it("says why, what the plan below lacks and the cost per episode", () => {
    const pro = recommendPlan({ episodes: 4, needs: ["x-threads"] });
    expect(pro.reason).toBe(
      "Pro is the cheapest plan that covers 4 episodes a month with X threads.",
    );
    expect(pro.below?.lacks).toBe("Starter stops at 2 episodes a month and lacks X threads.");
    expect(pro.costNote).toBe(
      "$37.25 per episode at $149 a month. Episodes are counted per billing period, and unused episodes do not roll over. On Pro, a fifth episode in a month means moving up to Expert, which adds at most $150, taxes included, to that billing period: the upgrade is charged at once, prorated for the days left.",
    );

    const starter = recommendPlan({ episodes: 2, needs: [] });
    expect(starter.below).toBeNull();
    expect(starter.costPerEpisodeCents).toBe(3950);

    const agency = recommendPlan({ episodes: 10, needs: ["managed"] });
    expect(agency.reason).toBe(
      "Only Agency covers more than 6 episodes a month and a fully managed workflow, so we size it to your shows and quote a price.",
    );
    expect(agency.below?.lacks).toBe(
      "Expert stops at 6 episodes a month and lacks a fully managed workflow.",
    );
    expect(agency.costPerEpisodeCents).toBeNull();

    expect(recommendPlan({ episodes: 1, needs: [] }).costNote).toMatch(
      /^\$79\.00 per episode at your 1 episode a month, or \$39\.50 if you use all 2\. .*On Starter, a third episode in a month means moving up to Pro, which adds at most \$70/,
    );
  });
});

describe("recommendPlan: every combination of 1–12 episodes and needs", () => {
  const inputs = [...everyInput()];
  const cases = inputs.map((input) => ({
    input,
    rec: recommendPlan(input),
    label: JSON.stringify(input),
  }));

  /** Runs `check` on every input and lists the ones it complains about. */
  const failures = (check: (c: (typeof cases)[number]) => string | false) =>
    cases.flatMap((c) => {
      const problem = check(c);
      return problem ? [`${c.label}: ${problem}`] : [];
    });

  it("covers 12 × 1,024 inputs", () => {
    expect(inputs).toHaveLength(12 * 1024);
  });

  it("recommends the cheapest plan that covers everything asked for", () => {
    expect(
      failures(({ input, rec }) => {
        if (!coversByData(rec.plan, input)) return `${rec.plan.name} does not cover it`;
        const cheaper = plans.find((p) => price(p) < price(rec.plan) && coversByData(p, input));
        return cheaper ? `${cheaper.name} is cheaper and covers it` : false;
      }),
    ).toEqual([]);
  });

  it("recommends Agency exactly above six episodes a month or with a managed workflow", () => {
    expect(
      failures(({ input, rec }) => {
        const agency = input.episodes > 6 || input.needs.includes("managed");
        return (rec.plan.name === "Agency") !== agency && rec.plan.name;
      }),
    ).toEqual([]);
  });

  it("says why in one sentence that names the plan and what asked for it", () => {
    expect(
      failures(({ input, rec }) => {
        if (!new RegExp(`^(Only )?${rec.plan.name} [^.]+\\.$`).test(rec.reason)) return rec.reason;
        if (/\s\s|\s,|,\s*,|\sand\s*[.,]|with\s*\.|all of this together/.test(rec.reason)) {
          return rec.reason;
        }
        if (startsCheckout(rec.plan)) {
          const missing = finderNeeds.find(
            (n) => input.needs.includes(n.id) && !rec.reason.includes(n.phrase),
          );
          return missing ? `${rec.reason} omits ${missing.id}` : false;
        }
        return false;
      }),
    ).toEqual([]);
  });

  it("names what the plan below lacks, and only what it really lacks", () => {
    expect(
      failures(({ input, rec }) => {
        const below = plans.filter((p) => price(p) < price(rec.plan)).at(-1);
        if (!below) return rec.below !== null && "a plan below the cheapest";
        if (rec.below?.plan !== below) return `below is ${rec.below?.plan.name}`;
        const { lacks } = rec.below;
        if (!new RegExp(`^${below.name} (stops at|lacks) [^.]+\\.$`).test(lacks)) return lacks;
        const short =
          below.episodesPerMonth !== "Custom" && below.episodesPerMonth < input.episodes;
        if (lacks.includes("stops at") !== short) return `${lacks} (episodes)`;
        const wrong = finderNeeds.find(
          (n) =>
            input.needs.includes(n.id) && lacks.includes(n.phrase) === planCoversNeed(below, n),
        );
        return wrong ? `${lacks} (${wrong.id})` : false;
      }),
    ).toEqual([]);
  });

  it("states the cost per episode at the visitor's episodes, from the plan's price", () => {
    expect(
      failures(({ input, rec }) => {
        if (!startsCheckout(rec.plan)) {
          return (rec.costPerEpisodeCents !== null || !/quote/.test(rec.costNote)) && rec.costNote;
        }
        const cents = Math.round(((rec.plan.price as number) * 100) / input.episodes);
        const text = `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
        if (rec.costPerEpisodeCents !== cents) return `${rec.costPerEpisodeCents} cents`;
        return !rec.costNote.startsWith(`${text} per episode`) && rec.costNote;
      }),
    ).toEqual([]);
  });

  it("counts the writing time of exactly the outputs on the plan that were asked for", () => {
    expect(
      failures(({ input, rec }) => {
        const counted = countedTasks(rec.plan, input).map((task) => task.id);
        const expected = writingTasks
          .filter(
            (task) =>
              featureValue(rec.plan, task.row) !== false &&
              (!("need" in task) || input.needs.includes(task.need)),
          )
          .map((task) => task.id);
        if (counted.join() !== expected.join()) return `counts ${counted.join()}`;
        const saved = timeSaved(rec.plan, input, defaultTaskHours);
        const hours = writingTasks
          .filter((task) => expected.includes(task.id))
          .reduce((sum, task) => sum + defaultTaskHours[task.id], 0);
        if (Math.abs(saved.perMonth - hours * input.episodes) > 1e-9) return `${saved.perMonth} h`;
        const perHour =
          rec.plan.price === "Custom" ? null : Math.round((rec.plan.price * 100) / saved.perMonth);
        return saved.centsPerHour !== perHour && `${saved.centsPerHour} cents an hour`;
      }),
    ).toEqual([]);
  });
});

describe("the finder without JavaScript", () => {
  it("lists which plan each range of episodes needs", () => {
    expect(
      plansByEpisodes().map((row) => [row.episodes, row.plan.name, row.price, row.perEpisode]),
    ).toEqual([
      ["1–2", "Starter", "$79 a month", "$39.50 per episode, all used"],
      ["3–4", "Pro", "$149 a month", "$37.25 per episode, all used"],
      ["5–6", "Expert", "$299 a month", "$49.83 per episode, all used"],
      ["7 or more", "Agency", "Custom", null],
    ]);
  });
});
