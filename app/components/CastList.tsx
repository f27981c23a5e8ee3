import type { CastMember } from "~/domain/movie";
import { shortenText } from "~/utils/format";
import { Artwork } from "./Artwork";

const CHARACTER_SHOWN_LENGTH = 15;

/**
 * Cast photos with name, department and character. The character is plain text under each card (it stands out
 * on hover), so keyboard and screen reader users reach it without a stop per card.
 */
export function CastList({ cast }: { cast: CastMember[] }) {
  return (
    <ul className="cast-list">
      {cast.map((member, index) => (
        <li key={`${member.name}-${index}`} className="cast-member">
          {member.photoUrl ? (
            <Artwork src={member.photoUrl} kind="photo" sizes="185px" width={185} height={278} loading="lazy" />
          ) : (
            <span className="cast-photo-missing" aria-hidden="true">
              {member.name.slice(0, 1)}
            </span>
          )}
          <strong>{member.name}</strong>
          <small>{member.department}</small>
          <span className="cast-character">as {shortenText(member.character, CHARACTER_SHOWN_LENGTH)}</span>
        </li>
      ))}
    </ul>
  );
}
