import { Link } from "react-router";
import { PAGE_NOT_FOUND } from "~/shared/messages.ts";
import { PageHeader } from "../../../shared/ui/page-header.tsx";

/** 'Page Not Found' for the splat route and for 404s that reach the root error boundary. */
export function NotFoundContent() {
  return (
    <>
      <PageHeader title={PAGE_NOT_FOUND} crumb={PAGE_NOT_FOUND} />
      <section className="section">
        <div className="container">
          <p>The page you are looking for does not exist or has moved.</p>
          <p>
            <Link className="btn btn--primary" to="/">
              Back to Home
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
