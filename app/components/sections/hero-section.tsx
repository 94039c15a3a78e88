import { ArrowRight, AudioLines, CheckCircle2 } from "lucide-react";
import { SmartLink } from "~/ui/smart-link";
import { buttonVariants } from "~/ui/button";
import { siteConfig } from "~/config/site";
import { creatorsClaim } from "~/data/about-page";
import { cn } from "~/lib/cn";
import { pricingPath } from "~/plans/plans";

const progress = { percent: 75, minutesLeft: 2 } as const;
const outputs = ["Transcript", "Summary", "Key points", "X thread", "LinkedIn post", "Carousel"];

export function HeroSection() {
  return (
    <section className="bg-gradient-to-b from-muted to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            Podcast content, repurposed
          </p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            One episode in. A week of content out.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-muted-foreground">
            {siteConfig.name} turns each podcast episode into a transcript, a summary, key points, X
            threads, LinkedIn posts, carousel images and captions, so your show reaches listeners
            everywhere they scroll.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <SmartLink
              href={siteConfig.signupUrl}
              newTab
              className={buttonVariants({ size: "lg" })}
            >
              Get Started
              <ArrowRight aria-hidden="true" />
            </SmartLink>
            <a href={pricingPath} className={buttonVariants({ size: "lg", variant: "outline" })}>
              See pricing
            </a>
            <a href="/examples" className={buttonVariants({ size: "lg", variant: "outline" })}>
              See examples
            </a>
          </div>
          <p className="mt-6 text-base text-muted-foreground">Trusted by {creatorsClaim}.</p>
        </div>
        <ProgressCard />
      </div>
    </section>
  );
}

/** A mock of the app at work: an episode 75% through, about 2 minutes left. */
function ProgressCard() {
  return (
    <figure className="mx-auto w-full max-w-md rounded-2xl border border-border bg-white p-6 shadow-xl shadow-violet-200/60">
      <figcaption className="sr-only">Example: an episode being repurposed</figcaption>
      <div className="flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-xl bg-primary text-primary-foreground">
          <AudioLines aria-hidden="true" />
        </span>
        <div>
          <p className="font-semibold">Episode 42: Building in public</p>
          <p className="text-sm text-muted-foreground">Repurposing your episode</p>
        </div>
      </div>
      <div className="mt-6 flex items-baseline justify-between text-sm font-medium">
        <span id="hero-progress-label">{progress.percent}% complete</span>
        <span className="text-muted-foreground">
          About {progress.minutesLeft} minutes remaining
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="hero-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent}% complete, about ${progress.minutesLeft} minutes remaining`}
        className="mt-2 h-3 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full w-3/4 rounded-full bg-primary" />
      </div>
      <ul className="mt-6 grid grid-cols-2 gap-2 text-sm">
        {outputs.map((output, index) => (
          <li key={output} className="flex items-center gap-2">
            <CheckCircle2
              aria-hidden="true"
              className={cn("size-4", index < 4 ? "text-success" : "text-slate-400")}
            />
            <span>
              {output}
              <span className="sr-only">{index < 4 ? " (ready)" : " (in progress)"}</span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
