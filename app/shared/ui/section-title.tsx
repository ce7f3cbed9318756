import "./section-title.css";

/**
 * The heading block of a section: a small eyebrow heading, then the title whose `highlight`
 * part is set in the orange accent, e.g. "Explore Our" + "Services".
 */
export function SectionTitle({
  eyebrow,
  subtitle,
  highlight,
  as: Heading = "h2",
  id,
}: {
  eyebrow: string;
  subtitle?: string;
  highlight: string;
  as?: "h1" | "h2";
  id?: string;
}) {
  return (
    <div className="section-title">
      <p className="section-title__eyebrow">{eyebrow}</p>
      <Heading className="section-title__title" id={id}>
        {subtitle ? <>{subtitle} </> : null}
        <span className="section-title__highlight">{highlight}</span>
      </Heading>
    </div>
  );
}
