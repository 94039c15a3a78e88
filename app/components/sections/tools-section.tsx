import { CheckCircle2 } from "lucide-react";
import { Badge } from "~/ui/badge";
import { isIncluded, toolBadge, toolLines, toolPlanNote, type Tool } from "~/data/tool-list";

export function ToolsSection({ tools }: { tools: readonly Tool[] }) {
  return (
    <section aria-label="Tools" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {tools.map((tool) => {
          const Icon = tool.icon;
          const included = isIncluded(tool);
          const note = toolPlanNote(tool);
          return (
            <li
              key={tool.id}
              className="flex flex-col rounded-2xl border border-border bg-white p-6 shadow-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <span className="grid size-12 place-items-center rounded-xl bg-muted text-primary">
                  <Icon aria-hidden="true" />
                </span>
                <Badge variant={included ? "every" : "later"}>
                  {included ? <span className="sr-only">Included in: </span> : null}
                  {toolBadge(tool)}
                </Badge>
              </div>
              <h2 className="mt-5 text-xl font-semibold">{tool.title}</h2>
              <p className="mt-2 flex-1 leading-7 text-muted-foreground">{tool.description}</p>
              {included ? (
                <ul className="mt-5 space-y-2 border-t border-border pt-5 text-sm font-medium">
                  {toolLines(tool).map((line) => (
                    <li key={line} className="flex items-start gap-2">
                      <CheckCircle2
                        aria-hidden="true"
                        className="mt-0.5 size-4 shrink-0 text-success"
                      />
                      {line}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-5 border-t border-border pt-5 text-sm font-medium">
                  Not in any plan yet: no plan includes it, and nothing you pay for today depends on
                  it.
                </p>
              )}
              {note && <p className="mt-3 text-sm leading-6">{note}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
