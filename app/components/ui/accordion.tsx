import * as AccordionPrimitive from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import { createContext, useContext, useId, type ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const Accordion = AccordionPrimitive.Root;

/**
 * The WAI-ARIA accordion pattern wants every trigger's aria-controls to name its panel; Radix sets
 * it only while the panel is open, so each item gives its panel an id of its own.
 */
const PanelIdContext = createContext<string | undefined>(undefined);

export function AccordionItem({
  className,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Item>) {
  const panelId = `${useId()}panel`;
  return (
    <PanelIdContext value={panelId}>
      <AccordionPrimitive.Item className={cn("border-b border-border", className)} {...props} />
    </PanelIdContext>
  );
}

export function AccordionTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Trigger>) {
  const panelId = useContext(PanelIdContext);
  return (
    <AccordionPrimitive.Header className="flex">
      <AccordionPrimitive.Trigger
        aria-controls={panelId}
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
 * Always in the HTML (forceMount), so the prerendered page carries every answer. With
 * forceMount Radix leaves hiding to us: closed panels get `display: none` from their
 * data-state, and public/noscript.css shows them all when JavaScript is off.
 */
export function AccordionContent({
  className,
  children,
  ...props
}: Omit<ComponentProps<typeof AccordionPrimitive.Content>, "forceMount">) {
  const panelId = useContext(PanelIdContext);
  return (
    <AccordionPrimitive.Content
      id={panelId}
      forceMount
      data-noscript-open=""
      className="pb-5 data-[state=closed]:hidden"
      {...props}
    >
      <div className={cn("leading-7 text-muted-foreground", className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}
