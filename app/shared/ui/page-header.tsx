import { Link } from "react-router";
import "./page-header.css";

/**
 * The banner at the top of inner pages: the page heading and a breadcrumb whose first crumb is
 * Home and whose last is the current page.
 */
export function PageHeader({ title, crumb }: { title: string; crumb?: string }) {
  return (
    <div className="page-header">
      <div className="container">
        <h1 className="page-header__title">{title}</h1>
        <nav aria-label="Breadcrumb">
          <ol className="page-header__crumbs">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <span aria-current="page">{crumb ?? title}</span>
            </li>
          </ol>
        </nav>
      </div>
    </div>
  );
}
