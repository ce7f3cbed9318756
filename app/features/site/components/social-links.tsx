import { site, type SocialLink } from "~/content/site.ts";
import { Icon } from "../../../shared/ui/icon.tsx";

/** The lodge's social networks, only those with a link (decisions.md 18). */
export function SocialLinks({ links, className }: { links: readonly SocialLink[]; className: string }) {
  if (links.length === 0) return null;
  return (
    <ul className={className} aria-label="Social media">
      {links.map((link) => (
        <li key={link.network}>
          <a href={link.href} rel="noopener noreferrer" target="_blank">
            <Icon name={link.network} size={18} />
            <span className="visually-hidden">{`${site.brandName} on ${link.label}`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
