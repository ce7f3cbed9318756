import type { LegalPage } from "~/content/legal.ts";
import { PageHeader } from "../../../shared/ui/page-header.tsx";
import "./legal-page.css";

/** /privacy and /terms: text from app/content/legal.ts. */
export function LegalPageView({ page }: { page: LegalPage }) {
  return (
    <>
      <PageHeader title={page.title} />
      <section className="section">
        <div className="container legal-page">
          <p className="legal-page__updated">
            Last updated <time dateTime={page.updated}>{page.updated}</time>
          </p>
          {page.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 32)}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
      </section>
    </>
  );
}
