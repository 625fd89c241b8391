type AvatarProps = { name: string; pictureUrl: string | null; size?: number };

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return (last ? first.charAt(0) + last.charAt(0) : first.slice(0, 2)).toUpperCase();
}

// A profile picture, or the person's initials when there is none. Decorative: the link beside it names the person.
export function Avatar({ name, pictureUrl, size = 32 }: AvatarProps) {
  if (pictureUrl) {
    return <img src={pictureUrl} alt="" width={size} height={size} className="avatar rounded-circle" />;
  }
  return (
    <span
      className="avatar avatar-initials rounded-circle"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {initialsOf(name)}
    </span>
  );
}
