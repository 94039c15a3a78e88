import type { ReactNode } from "react";

/** The top of an inner page: its single h1 and an intro line. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="bg-muted">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {children ? (
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-muted-foreground">
            {children}
          </p>
        ) : null}
      </div>
    </div>
  );
}
