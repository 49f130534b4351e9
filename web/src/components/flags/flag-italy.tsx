import { FlagFrame, type FlagProps } from './flag-frame';

/** Green, white and red in three vertical bands. */
export function FlagItaly(props: FlagProps) {
  return (
    <FlagFrame {...props}>
      <rect width="60" height="40" fill="#CE2B37" />
      <rect width="40" height="40" fill="#FFFFFF" />
      <rect width="20" height="40" fill="#009246" />
    </FlagFrame>
  );
}
