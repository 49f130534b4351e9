import { FlagFrame, type FlagProps } from './flag-frame';

/** Blue, white and red in three vertical bands. */
export function FlagFrance(props: FlagProps) {
  return (
    <FlagFrame {...props}>
      <rect width="60" height="40" fill="#CE1126" />
      <rect width="40" height="40" fill="#FFFFFF" />
      <rect width="20" height="40" fill="#002395" />
    </FlagFrame>
  );
}
