import { Link, NavLink, useLocation } from "react-router";
import { logo } from "~/content/images.ts";
import { navigation, type NavItem } from "~/content/navigation.ts";
import { getSocialLinks, site } from "~/content/site.ts";
import { Icon } from "../../../shared/ui/icon.tsx";
import { SocialLinks } from "./social-links.tsx";
import "./site-header.css";

const MENU_ID = "site-menu";

/**
 * Top bar: logo, social icons and the main menu.
 *
 * Without JavaScript the menu still works: below 992 px the toggle is a link to #site-menu that
 * CSS opens with :target, and the 'Page' dropdown opens with :hover/:focus-within. This component
 * renders that markup only; its behaviour with JavaScript (aria-expanded, Escape, one open at a
 * time) is `enhanceSiteHeader` (site-header-enhance.ts), run by the enhancement module.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const social = getSocialLinks(site);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="site-header__brand">
          <img src={logo.src} alt={logo.alt} width={44} height={44} className="site-header__logo" />
          <span className="site-header__name">{site.brandName}</span>
        </Link>

        <SocialLinks links={social} className="site-header__social" />

        <a href={`#${MENU_ID}`} className="site-header__toggle">
          {/* site-header.css shows one or the other, following the menu's state. */}
          <Icon name="menu" size={22} className="site-header__toggle-icon site-header__toggle-icon--menu" />
          <Icon name="close" size={22} className="site-header__toggle-icon site-header__toggle-icon--close" />
          <span>Menu</span>
        </a>

        <nav id={MENU_ID} className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {navigation.map((item) =>
              item.subItems ? (
                <Dropdown
                  key={item.id}
                  item={item}
                  active={item.subItems.some((sub) => sub.path === pathname)}
                />
              ) : (
                <li key={item.id} className="site-nav__item">
                  <NavLink to={item.path} end className="site-nav__link">
                    {item.text}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function Dropdown({ item, active }: { item: NavItem; active: boolean }) {
  const menuId = `${item.id}-menu`;
  return (
    <li className="site-nav__item site-nav__dropdown">
      <button
        type="button"
        className={["site-nav__link", "site-nav__trigger", active ? "is-active" : null]
          .filter(Boolean)
          .join(" ")}
        aria-expanded="false"
        aria-controls={menuId}
      >
        {item.text}
        <Icon name="chevron-down" size={16} className="site-nav__chevron" />
      </button>
      <ul id={menuId} className="site-nav__submenu">
        {item.subItems?.map((sub) => (
          <li key={sub.id}>
            <NavLink to={sub.path} end className="site-nav__sublink">
              {sub.text}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
