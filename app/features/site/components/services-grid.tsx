import { useSearchParams } from "react-router";
import type { Service } from "~/content/services.ts";
import { ServiceCard } from "./service-card.tsx";
import "./services-grid.css";

/**
 * The grid of service cards (/services and the home page). Choosing a coming-soon card shows its
 * notice in place: `enhanceServicesGrid` (services-grid-enhance.ts), run by the enhancement module.
 */
export function ServicesGrid({ services }: { services: readonly Service[] }) {
  const [searchParams] = useSearchParams();
  // ?soon=<id> is how the notice survives a page load without JavaScript.
  const soonId = Number(searchParams.get("soon")) || null;

  return (
    // The enhancement module finds grids by their data-services-grid attribute.
    <ul className="services-grid" data-services-grid="">
      {services.map((service) => (
        <li key={service.id} id={`service-${service.id}`} className="services-grid__item">
          <ServiceCard service={service} soonShown={soonId === service.id} />
        </li>
      ))}
    </ul>
  );
}
