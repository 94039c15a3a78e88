import { slidePreviewSize } from "~/examples/example-assets";
import { slideText, type ExampleKit } from "~/examples/kit";

type Slide = ExampleKit["carousel"][number];

/**
 * A carousel slide's preview image, with the slide's words as its alt text. Lazy unless it can be
 * on the first screen (the /examples cards).
 */
export function SlidePreview({
  src,
  slide,
  className,
  lazy = true,
}: {
  src: string;
  slide: Slide;
  className: string;
  lazy?: boolean;
}) {
  return (
    <img
      src={src}
      alt={slideText(slide)}
      width={slidePreviewSize.width}
      height={slidePreviewSize.height}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
      className={className}
    />
  );
}
