import { CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "~/ui/button";

/** What a form's visitor lands on after it was accepted: the function's answer, word for word. */
export function ResultPage({
  title,
  answer,
  children,
}: {
  title: string;
  answer: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <CheckCircle2 aria-hidden="true" className="size-16 text-success" strokeWidth={1.75} />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-5 text-lg leading-8" data-manage-answer="">
        {answer}
      </p>
      <p className="mt-4 leading-7 text-muted-foreground">{children}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonVariants()}>
          Return to Home
        </a>
      </div>
    </section>
  );
}
