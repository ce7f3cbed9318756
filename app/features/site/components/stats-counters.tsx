import type { Stat } from "~/content/stats.ts";
import { Icon } from "../../../shared/ui/icon.tsx";
import "./stats-counters.css";

/** The row of counters in the about section: icon, count, text. */
export function StatsCounters({ stats }: { stats: readonly Stat[] }) {
  return (
    <ul className="stats">
      {stats.map((stat) => (
        <li key={stat.text} className="stats__item">
          <Icon name={stat.icon} size={28} className="stats__icon" />
          <span className="stats__count">{stat.display}</span>
          <span className="stats__text">{stat.text}</span>
        </li>
      ))}
    </ul>
  );
}
