import { FlagFrame, type FlagProps } from './flag-frame';

/** White over red. */
export function FlagPoland(props: FlagProps) {
  return (
    <FlagFrame {...props}>
      <rect width="60" height="40" fill="#DC143C" />
      <rect width="60" height="20" fill="#FFFFFF" />
    </FlagFrame>
  );
}
