import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import type { Service } from "~/content/services.ts";
import { ServiceCard } from "./service-card.tsx";
import { enhanceServicesGrid } from "./services-grid-enhance.ts";
import "./services-grid.css";

/**
 * The grid of service cards (/services and the home page). Choosing a coming-soon card shows its
 * notice in place: `enhanceServicesGrid`, run by the enhancement module on pages without React and
 * by the effect below on hydrated ones.
 */
export function ServicesGrid({ services }: { services: readonly Service[] }) {
  const gridRef = useRef<HTMLUListElement>(null);
  const [searchParams] = useSearchParams();
  // ?soon=<id> is how the notice survives a page load without JavaScript.
  const soonId = Number(searchParams.get("soon")) || null;

  useEffect(() => (gridRef.current ? enhanceServicesGrid(gridRef.current) : undefined), []);

  return (
    // The enhancement module finds grids by their data-services-grid attribute.
    <ul ref={gridRef} className="services-grid" data-services-grid="">
      {services.map((service) => (
        <li key={service.id} id={`service-${service.id}`} className="services-grid__item">
          <ServiceCard service={service} soonShown={soonId === service.id} />
        </li>
      ))}
    </ul>
  );
}
