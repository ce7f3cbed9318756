import { contactCategories } from "~/content/site.ts";
import { Icon } from "../../../shared/ui/icon.tsx";
import "./contact-details.css";

/** The contact blocks on /contact: Booking (phones), Technical (e-mail), General (post, address). */
export function ContactDetails() {
  return (
    <ul className="contact-details">
      {contactCategories.map((category) => (
        <li key={category.title} className="contact-details__item">
          <span className="contact-details__icon">
            <Icon name={category.icon} size={24} />
          </span>
          <div>
            <h2 className="contact-details__title">{category.title}</h2>
            {category.lines.map((line) => (
              <p key={line.text} className="contact-details__line">
                {line.href ? <a href={line.href}>{line.text}</a> : line.text}
              </p>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
