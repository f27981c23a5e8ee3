import type { CastMember } from "~/models/movies.server";
import { shortenCharacter } from "~/utils/format";

/** Cast photos; the character shows on hover and on keyboard focus. */
export function CastList({ cast }: { cast: CastMember[] }) {
  return (
    <ul className="cast-list">
      {cast.map((member, index) => (
        <li key={`${member.name}-${index}`}>
          <figure className="cast-member" tabIndex={0} aria-describedby={`cast-role-${index}`}>
            <img src={member.profile_path} alt="" width={185} height={278} loading="lazy" />
            <figcaption>
              <strong>{member.name}</strong>
              <small>{member.known_for_department}</small>
              <span id={`cast-role-${index}`} className="cast-character">
                as {shortenCharacter(member.character)}
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
