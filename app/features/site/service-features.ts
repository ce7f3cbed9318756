// Parses a service's "Features & Services" text: one entry per line, where a line starting with
// '-' is a feature (shown as a check-marked bullet) and any other line is a sub-heading (bold).

export type FeatureLine = {
  kind: "feature" | "heading";
  text: string;
};

export function parseFeatures(fullDescription: string): FeatureLine[] {
  const lines: FeatureLine[] = [];
  for (const raw of fullDescription.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line.startsWith("-")) {
      const text = line.slice(1).trim();
      // A lone dash carries nothing to show.
      if (text) lines.push({ kind: "feature", text });
    } else if (line) {
      lines.push({ kind: "heading", text: line });
    }
  }
  return lines;
}
