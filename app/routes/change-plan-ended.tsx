import { CheckCircle2 } from "lucide-react";
import { FormErrorNotes } from "~/plans/manage/components/form-error-notes";
import { END_OLDER_ANSWER, FORM_ERRORS } from "~/plans/manage/manage-copy";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";
import { buttonVariants } from "~/ui/button";

export const loader = () => ({ meta: buildMeta(fixedPages.changePlanEnded) });

export const meta = metaFromLoader;

/**
 * The end-older button's outcome. The function sends a refusal here at `#error-<code>`: its
 * note is the `:target`, and the success answer hides beside it, so no script is needed.
 */
export default function ChangePlanEnded() {
  return (
    <section className="group mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight">Your older subscription</h1>
      <div className="mt-6 w-full text-left">
        <FormErrorNotes codes={FORM_ERRORS.end_older} />
      </div>
      <div className="flex flex-col items-center group-has-[:target]:hidden">
        <CheckCircle2 aria-hidden="true" className="size-16 text-success" strokeWidth={1.75} />
        <p className="mt-5 text-lg leading-8" data-manage-answer="">
          {END_OLDER_ANSWER}
        </p>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonVariants()}>
          Return to Home
        </a>
      </div>
    </section>
  );
}
