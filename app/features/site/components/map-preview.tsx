import { site } from "~/content/site.ts";
import { Icon } from "../../../shared/ui/icon.tsx";
import "./map-preview.css";

/**
 * A light stand-in for the map (decisions.md 21): the third-party frame loads only when the
 * visitor asks for it ('Load map', shown and run by map-preview-enhance.ts). The "open in a maps
 * site" link works without JavaScript.
 */
export function MapPreview() {
  return (
    <div className="map-preview" data-map-preview="">
      <template data-map-frame="">
        <iframe
          className="map-preview__frame"
          title={`Map of ${site.address}`}
          src={site.map.embedUrl}
          width={800}
          height={400}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      </template>
      <div className="map-preview__placeholder">
        <Icon name="map-pin" size={40} className="map-preview__pin" />
        <p className="map-preview__address">{site.address}</p>
        <button type="button" className="btn btn--dark" data-load-map="" hidden>
          Load map
        </button>
        <p className="map-preview__note">The map is loaded from OpenStreetMap when you ask for it.</p>
      </div>
      <p className="map-preview__link">
        <a href={site.map.searchUrl} target="_blank" rel="noopener noreferrer">
          Open the location on OpenStreetMap
          <Icon name="external" size={16} />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}
