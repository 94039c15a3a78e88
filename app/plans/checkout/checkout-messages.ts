/** The spec's checkout texts (sections 4 and 8). */
export const checkoutMessages = {
  preparing: "Preparing checkout...",
  failedWith: (message: string) => `Failed to start subscription process: ${message}`,
  noUrl: "Failed to start subscription process. No checkout URL returned.",
  tryAgain: "Failed to start subscription process. Please try again.",
} as const;
