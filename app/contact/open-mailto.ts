/**
 * Hands a `mailto:` link to the visitor's mail client. A navigation rather than a form post, so
 * it works under the `form-action 'self'` policy; its own module so tests can replace it.
 */
export function openMailto(href: string): void {
  window.location.href = href;
}
