import { Link } from "react-router";
import { footerColumns, newsletter } from "~/content/footer.ts";
import { logo } from "~/content/images.ts";
import { getSocialLinks, site, telHref } from "~/content/site.ts";
import { Icon } from "../../../shared/ui/icon.tsx";
import { SocialLinks } from "./social-links.tsx";
import { NewsletterForm } from "../../newsletter/components/newsletter-form.tsx";
import "./site-footer.css";

/** Footer on every page: newsletter box, brand blurb, contact lines, social icons, link columns. */
export function SiteFooter() {
  const social = getSocialLinks(site, 4);
  return (
    <footer className="site-footer">
      <div className="container">
        <section className="site-footer__newsletter" aria-labelledby="newsletter-title">
          <div className="site-footer__newsletter-copy">
            <h2 id="newsletter-title">{newsletter.title}</h2>
            <p>{newsletter.text}</p>
          </div>
          <NewsletterForm id="footer-newsletter" />
        </section>

        <div className="site-footer__grid">
          <section className="site-footer__brand" aria-label="About the lodge">
            <Link to="/" className="site-footer__logo">
              {/* Below the fold on every page (decisions.md 20); the header's copy is usually cached. */}
              <img src={logo.src} alt={logo.alt} width={48} height={48} loading="lazy" decoding="async" />
              <span>{site.brandName}</span>
            </Link>
            <p>{site.blurb}</p>
            <SocialLinks links={social} className="site-footer__social" />
          </section>

          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="site-footer__heading">
              Contact
            </h2>
            <address className="site-footer__contact">
              {site.bookingPhones.map((phone) => (
                <p key={phone}>
                  <Icon name="phone" size={18} />
                  <a href={telHref(phone)}>{phone}</a>
                </p>
              ))}
              <p>
                <Icon name="mail" size={18} />
                <a href={`mailto:${site.email}`}>{site.email}</a>
              </p>
              <p>
                <Icon name="clipboard" size={18} />
                <span>{site.poBox}</span>
              </p>
              <p>
                <Icon name="map-pin" size={18} />
                <span>{site.address}</span>
              </p>
            </address>
          </section>

          {footerColumns.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
              <h2 id={`footer-${column.title.toLowerCase()}`} className="site-footer__heading">
                {column.title}
              </h2>
              <ul className="site-footer__links">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <p className="site-footer__legal">
          © {new Date().getFullYear()} {site.brandName}. {site.address}.
        </p>
      </div>
    </footer>
  );
}
