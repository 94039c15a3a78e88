/** The checkout's texts, word for word as docs/product.md gives them: the toast while it starts and each failure. */
export const checkoutMessages = {
  preparing: "Preparing checkout...",
  failedWith: (message: string) => `Failed to start subscription process: ${message}`,
  noUrl: "Failed to start subscription process. No checkout URL returned.",
  tryAgain: "Failed to start subscription process. Please try again.",
} as const;
