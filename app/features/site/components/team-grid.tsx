import type { TeamMember } from "~/content/team.ts";
import "./team-grid.css";

export function TeamGrid({ team }: { team: readonly TeamMember[] }) {
  return (
    <ul className="team-grid">
      {team.map((member) => (
        <li key={member.name} className="team-card">
          <img
            src={member.image.src}
            alt={member.image.alt}
            width={member.image.width}
            height={member.image.height}
            loading="lazy"
            decoding="async"
          />
          <div className="team-card__body">
            <h2 className="team-card__name">{member.name}</h2>
            <p className="team-card__designation">{member.designation}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
