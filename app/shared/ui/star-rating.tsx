import { Icon } from "./icon.tsx";
import "./star-rating.css";

/** Stars drawn for the eye, the rating said in words for screen readers. */
export function StarRating({ stars, outOf = 5 }: { stars: number; outOf?: number }) {
  return (
    <span className="star-rating">
      <span className="visually-hidden">{`${stars} out of ${outOf} stars`}</span>
      {Array.from({ length: outOf }, (_, i) => (
        <Icon key={i} name="star" size={16} className={i < stars ? "star-rating__on" : "star-rating__off"} />
      ))}
    </span>
  );
}
