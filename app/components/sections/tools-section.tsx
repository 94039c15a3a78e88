import { CheckCircle2 } from "lucide-react";
import { toolAvailability, toolPlanNote, type Tool } from "~/data/tool-list";

export function ToolsSection({ tools }: { tools: readonly Tool[] }) {
  return (
    <section aria-label="Tools" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {tools.map((tool) => {
          const Icon = tool.icon;
          return (
            <li
              key={tool.id}
              className="flex flex-col rounded-2xl border border-border bg-white p-6 shadow-sm"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-muted text-primary">
                <Icon aria-hidden="true" />
              </span>
              <h2 className="mt-5 text-xl font-semibold">{tool.title}</h2>
              <p className="mt-2 flex-1 leading-7 text-muted-foreground">{tool.description}</p>
              <ul className="mt-5 space-y-2 border-t border-border pt-5 text-sm font-medium">
                {toolAvailability.map((line) => (
                  <li key={line} className="flex items-center gap-2">
                    <CheckCircle2 aria-hidden="true" className="size-4 text-success" />
                    {line}
                  </li>
                ))}
              </ul>
              {toolPlanNote(tool) && <p className="mt-3 text-sm leading-6">{toolPlanNote(tool)}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
