import { Link } from "react-router";
import type { Service } from "~/content/services.ts";
import { TO_BE_ADDED_SOON } from "~/shared/messages.ts";
import { Icon } from "../../../shared/ui/icon.tsx";
import { Notice } from "../../../shared/ui/notice.tsx";

/**
 * A service card: a link to /services/{path}, or, for a service that is not offered yet, a link
 * to this same page with ?soon={id} that shows 'To be added soon' under the card. The notice is
 * always rendered, hidden unless `soonShown`, so that with JavaScript services-grid-enhance.ts can
 * show it without a round trip.
 */
export function ServiceCard({
  service,
  soonShown,
  headingLevel = "h3",
}: {
  service: Service;
  soonShown: boolean;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const body = (
    <>
      <span className="service-card__icon">
        <Icon name={service.icon} size={30} />
      </span>
      <Heading className="service-card__name">{service.name}</Heading>
      <p className="service-card__description">{service.description}</p>
      <span className="service-card__more" aria-hidden="true">
        {service.comingSoon ? "Coming soon" : "Learn more"}
        <Icon name="arrow-right" size={16} />
      </span>
    </>
  );

  if (!service.comingSoon) {
    return (
      <Link to={`/services/${service.path}`} className="service-card">
        {body}
      </Link>
    );
  }

  return (
    <>
      <Link
        to={{ search: `?soon=${service.id}`, hash: `service-${service.id}` }}
        preventScrollReset
        replace
        className="service-card service-card--soon"
      >
        {body}
      </Link>
      <div className="service-card__notice-slot" hidden={!soonShown}>
        <Notice tone="info" className="service-card__notice">
          {TO_BE_ADDED_SOON}
        </Notice>
      </div>
    </>
  );
}
