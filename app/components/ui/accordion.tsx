import * as AccordionPrimitive from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import { createContext, useContext, useId, type ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const Accordion = AccordionPrimitive.Root;

/**
 * The WAI-ARIA accordion pattern wants every trigger's aria-controls to name its panel, and every
 * panel to be labeled by its trigger. Each item makes one id and derives both from it.
 */
const ItemIdContext = createContext("");

export function AccordionItem({
  className,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Item>) {
  return (
    <ItemIdContext value={useId()}>
      <AccordionPrimitive.Item
        className={cn("group border-b border-border", className)}
        {...props}
      />
    </ItemIdContext>
  );
}

export function AccordionTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Trigger>) {
  const itemId = useContext(ItemIdContext);
  return (
    <AccordionPrimitive.Header className="flex">
      <AccordionPrimitive.Trigger
        id={`${itemId}trigger`}
        aria-controls={`${itemId}panel`}
        className={cn(
          "flex min-h-12 flex-1 items-center justify-between gap-4 py-4 text-left text-lg font-semibold hover:text-primary [&[data-state=open]>svg]:rotate-180",
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform" />
      </AccordionPrimitive.Trigger>
    </AccordionPrimitive.Header>
  );
}

/**
 * A plain region, not Radix's Content. Radix's Content measures its height in a layout effect for
 * an open/close animation this site does not use, and on hydration each panel sets state there,
 * which forced a synchronous second render of the FAQ (docs/performance.md). The panel is always in the HTML, so the prerendered page carries every answer; the
 * item's data-state hides it while closed, and public/noscript.css shows it when JavaScript is off.
 */
export function AccordionContent({ className, children, ...props }: ComponentProps<"div">) {
  const itemId = useContext(ItemIdContext);
  return (
    <div
      role="region"
      id={`${itemId}panel`}
      aria-labelledby={`${itemId}trigger`}
      data-noscript-open=""
      className="pb-5 group-data-[state=closed]:hidden"
      {...props}
    >
      <div className={cn("leading-7 text-muted-foreground", className)}>{children}</div>
    </div>
  );
}
