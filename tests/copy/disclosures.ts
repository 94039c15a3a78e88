/**
 * Each line of a source that cites the Consumer Rights Directive's art. 16(m), the exception for
 * digital content, without saying it is about digital content: the plans are a service, so the
 * express request to start at once rests on the services rule, art. 16(a).
 */
export function checkCitations(files: Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    for (const line of text.split("\n")) {
      if (/\b16\(m\)/.test(line) && !/digital content/i.test(line)) {
        problems.push(`${path}: "${line.trim()}" cites art. 16(m), the digital-content rule`);
      }
    }
  }
  return problems;
}

/**
 * Where the testimonials' sample label stands in a component's source: it must come before the
 * list it qualifies and be body-size text, not small or muted print.
 */
export function checkSampleLabel(path: string, source: string): string[] {
  const label = source.search(/data-sample-note/);
  const list = source.search(/<ul\b/);
  if (label < 0) return [`${path}: no sample-content label`];
  const problems: string[] = [];
  if (list >= 0 && label > list) problems.push(`${path}: the sample label comes after the list`);
  // The label's opening tag, attributes and classes included.
  const tag = source.slice(source.lastIndexOf("<", label), source.indexOf(">", label));
  if (/\btext-(?:xs|sm)\b|\btext-muted|^<small\b/.test(tag)) {
    problems.push(`${path}: the sample label is small or muted print`);
  }
  return problems;
}
